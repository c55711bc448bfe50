import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';

const postgres = lanes.find((lane) => lane.name === 'postgres')!;
const ACCOUNTS = 300;

/**
 * Issue 56, point 1, on PostgreSQL: a place costs at most two statements and no lock that every join takes. A
 * pre-queue join writes a lottery key under the pre-queue lock taken shared; an arrival after the close takes the
 * next number of the event's sequence; neither touches the event's row. The close counts the pre-queue under the
 * same lock taken exclusive, so a join racing it is either counted in or takes an arrival place, never both.
 */
describe.skipIf(postgres.skipReason !== null)('joins without a hot row on postgres', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabaseUrl>>;
  let database: Database;
  let store: Store;

  beforeAll(async () => {
    fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!, inject('postgresTemplate') ?? undefined);
    database = await openPostgres(fresh.url, 20);
    store = createPostgresStore(database);
    await database.db.execute(sql`insert into users (id, name, email) select 'fan-' || g, 'Fan ' || g, 'fan' || g || '@example.com' from generate_series(0, ${ACCOUNTS - 1}) g`);
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  async function newEvent(onSaleAt: Date, capacity = 1_000): Promise<string> {
    const id = randomUUID();
    await database.db.execute(
      sql`insert into on_sale_events (id, name, on_sale_at, shopping_capacity, window_minutes, created_by) values (${id}, 'No hot row', ${onSaleAt}, ${capacity}, 10, 'test')`,
    );
    return id;
  }

  const settledWithin = <T>(work: Promise<T>, ms: number) =>
    Promise.race([work, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

  it("joins before and after the close complete while another transaction holds the event's row", async () => {
    const now = new Date();
    const eventId = await newEvent(new Date(now.getTime() + 60_000));
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from on_sale_events where id = $1 for update', [eventId]);
      const early = await settledWithin(store.waitingRoom.join(eventId, 'fan-0', now), 3_000);
      expect(early).toMatchObject({ accountId: 'fan-0', place: null });
      await holder.query('rollback');
      expect(await store.waitingRoom.draw(eventId, new Date(now.getTime() + 61_000))).toBe(true);
      await holder.query('begin');
      await holder.query('select * from on_sale_events where id = $1 for update', [eventId]);
      const later = await settledWithin(store.waitingRoom.join(eventId, 'fan-1', new Date(now.getTime() + 62_000)), 3_000);
      expect(later).toMatchObject({ accountId: 'fan-1', place: 2 });
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
  });

  it('an instance that saw the close joins again from the start when the database was put back to before it', async () => {
    const start = new Date();
    const eventId = await newEvent(new Date(start.getTime() + 1_000));
    const opening = new Date(start.getTime() + 2_000);
    await store.waitingRoom.join(eventId, 'fan-10', start);
    expect((await store.waitingRoom.join(eventId, 'fan-11', opening)).place).toBe(2);
    // As a restore of a backup taken before the close leaves it: not closed, no sequence, the later arrival gone.
    await database.db.execute(sql`delete from queue_entries where event_id = ${eventId} and account_id = 'fan-11'`);
    await database.db.execute(sql`update on_sale_events set drawn_at = null, last_place = 0 where id = ${eventId}`);
    await database.db.execute(sql.raw(`drop sequence queue_places_${eventId.replaceAll('-', '')}`));
    expect(await store.waitingRoom.join(eventId, 'fan-12', opening)).toMatchObject({ accountId: 'fan-12', place: 2 });
  });

  it('an admission run does not admit an entry support removed while the run was on its way', async () => {
    const start = new Date();
    const eventId = await newEvent(new Date(start.getTime() + 1_000), 3);
    const opening = new Date(start.getTime() + 2_000);
    expect(await store.waitingRoom.draw(eventId, opening)).toBe(true);
    for (const account of ['fan-0', 'fan-1', 'fan-2', 'fan-3']) await store.waitingRoom.join(eventId, account, opening);
    // Another session holds fan-0's row: the run reads fan-0 as next in line, then waits to write it.
    const support = new pg.Client({ connectionString: fresh.url });
    await support.connect();
    try {
      await support.query('begin');
      await support.query(`select 1 from queue_entries where event_id = $1 and account_id = 'fan-0' for update`, [eventId]);
      const run = store.waitingRoom.admitNext(eventId, new Date(opening.getTime() + 1_000));
      expect(await settledWithin(run, 500)).toBe('still waiting');
      await support.query(`update queue_entries set removed_at = now() where event_id = $1 and account_id = 'fan-0'`, [eventId]);
      await support.query('commit');
      expect(await run).toBe(2);
    } finally {
      await support.query('rollback').catch(() => {});
      await support.end();
    }
    const admitted = await Promise.all(['fan-0', 'fan-1', 'fan-2', 'fan-3'].map(async (account) => (await store.waitingRoom.entry(eventId, account))!.admittedAt !== null));
    expect(admitted).toEqual([false, true, true, false]);
  });

  it('joins racing the close: one place each, the pre-queue 1..N in lottery order, arrivals after it, admitted in place order', async () => {
    const start = new Date();
    const opening = new Date(start.getTime() + 60_000);
    const eventId = await newEvent(opening);
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `fan-${i}`);
    // The first third joins before; the rest race the close (their clock before the on-sale time: the pre-queue,
    // unless the close ran first); a second join of each account races its first.
    for (const account of accounts.slice(0, 100)) await store.waitingRoom.join(eventId, account, start);
    const racing = accounts.slice(100).flatMap((account) => [store.waitingRoom.join(eventId, account, start), store.waitingRoom.join(eventId, account, start)]);
    const closing = new Promise<boolean>((resolve, reject) => setTimeout(() => store.waitingRoom.draw(eventId, opening).then(resolve, reject), 5));
    const joined = await Promise.all(racing);
    expect(await closing).toBe(true);
    const entries = await Promise.all(accounts.map(async (account) => (await store.waitingRoom.entry(eventId, account))!));
    const places = entries.map((entry) => entry.place!);
    // Each join answered the account's one entry: in the pre-queue then (no place yet), or its place.
    joined.forEach((answer, i) => expect([null, places[100 + Math.floor(i / 2)]]).toContain(answer.place));
    expect(places.every((place) => Number.isInteger(place) && place > 0)).toBe(true);
    expect(new Set(places).size).toBe(ACCOUNTS);
    const drawn = await store.waitingRoom.drawnPlaces(eventId);
    const preQueue = [...drawn.values()].sort((a, b) => a - b);
    expect(preQueue.length).toBeGreaterThanOrEqual(100);
    expect(preQueue).toEqual(preQueue.map((_, i) => i + 1));
    for (const entry of entries) if (drawn.has(entry.accountId)) expect(entry.place).toBe(drawn.get(entry.accountId));
    for (const entry of entries) if (!drawn.has(entry.accountId)) expect(entry.place).toBeGreaterThan(preQueue.length);

    // Admissions, a run a second, write the pre-queue's places as they reach them and admit in place order.
    const admittedInOrder: number[] = [];
    for (let run = 0; admittedInOrder.length < ACCOUNTS && run < 100; run++) {
      const at = new Date(opening.getTime() + (run + 1) * 1_000);
      if ((await store.waitingRoom.admitNext(eventId, at)) === 0) continue;
      const { rows } = (await database.db.execute(sql`select place from queue_entries where event_id = ${eventId} and admitted_at = (select max(admitted_at) from queue_entries where event_id = ${eventId}) order by place`)) as unknown as { rows: { place: number }[] };
      admittedInOrder.push(...rows.map((row) => row.place));
    }
    expect(admittedInOrder).toEqual([...places].sort((a, b) => a - b));
    const written = await Promise.all(accounts.map(async (account) => (await store.waitingRoom.entry(eventId, account))!.place));
    expect(written).toEqual(places);
  });
});
