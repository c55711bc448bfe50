import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/db/open-store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';

const postgres = lanes.find((lane) => lane.name === 'postgres')!;

/** DATABASE_POOL_SIZE is the most connections an instance opens to PostgreSQL: a burst beyond it waits for one. */
describe.skipIf(postgres.skipReason !== null)('the database pool size on PostgreSQL', () => {
  const opened: { store: Store; drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const { store, drop } of opened) {
      await store.close();
      await drop();
    }
  });

  it('a burst of 12 reads opens at most DATABASE_POOL_SIZE (2) connections; the others wait their turn and are answered', async () => {
    const fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    const store = await openStore({ databaseUrl: fresh.url, mongodbUri: undefined, dataDir: '/nonexistent', databasePoolSize: 2 });
    opened.push({ store, drop: fresh.drop });
    const seen = { total: 0, waiting: 0 };
    let reading = true;
    const sample = () => {
      const use = store.figures.poolUse()!;
      seen.total = Math.max(seen.total, use.total);
      seen.waiting = Math.max(seen.waiting, use.waiting);
      if (reading) setImmediate(sample);
    };
    sample();
    const reads = await Promise.all(Array.from({ length: 12 }, () => store.movies.ids()));
    reading = false;
    expect(reads.every((ids) => Array.isArray(ids))).toBe(true);
    expect(seen).toMatchObject({ total: 2 });
    expect(seen.waiting).toBeGreaterThan(0);
  });
});
