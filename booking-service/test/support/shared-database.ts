import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres } from '../../src/db/database.ts';
import { connectMongo, createMongoStore } from '../../src/db/mongo/store.ts';
import { createPostgresStore } from '../../src/db/postgres/store.ts';
import type { Store } from '../../src/store/types.ts';
import { freshPostgresDatabaseUrl, type Lane } from './databases.ts';

/**
 * Two stores on one fresh database of a server lane (PostgreSQL or MongoDB), as two service instances
 * sharing it would have: each its own pool or connection. `close()` closes both and drops the database.
 */
export async function twoStoresOnOneDatabase(lane: Lane): Promise<{ stores: [Store, Store]; close(): Promise<void> }> {
  if (lane.name === 'postgres') {
    const database = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    const stores: [Store, Store] = [createPostgresStore(await openPostgres(database.url)), createPostgresStore(await openPostgres(database.url))];
    return {
      stores,
      async close() {
        for (const store of stores) await store.close();
        await database.drop();
      },
    };
  }
  if (lane.name !== 'mongodb') throw new Error(`two instances need a server lane, not ${lane.name}`);
  const uri = inject('mongoLaneServer').uri!;
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  const connections = [await connectMongo(uri, { dbName }), await connectMongo(uri, { dbName })];
  const stores: [Store, Store] = [createMongoStore(connections[0]!), createMongoStore(connections[1]!)];
  return {
    stores,
    async close() {
      await connections[0]!.dropDatabase().catch(() => {});
      for (const store of stores) await store.close();
    },
  };
}
