import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { laneLeftOut } from './support/lane-selection.ts';
import { pgliteWrittenAt, postgresWrittenAt, removeWrittenAtFolders } from './support/written-at.ts';

/**
 * Migration 0024 (issue 56, point 1: lottery keys at the join, places from each event's sequence after the close)
 * on a database written at 0023: an event drawn before it goes on giving places after its last, from a sequence
 * the migration made; an event whose pre-queue was not yet drawn gets a lottery key per entry, closes, and its
 * entries' places are their ranks, written as the admissions reach them. An older release's pre-queue insert (no
 * place, no key) is refused by the database.
 */

const LAST_BEFORE_LOTTERY = 23;
const postgresUrl = process.env.TEST_POSTGRES_URL;
afterAll(removeWrittenAtFolders);

const now = new Date();
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const ids = { drawn: randomUUID(), waiting: randomUUID() };
const accounts = Array.from({ length: 7 }, (_, i) => `auth0|before-lottery-${i}`);

const ROWS_AT_0023 = [
  sql`insert into users (id, name, email) values ${sql.join(accounts.map((id, i) => sql`(${id}, ${`Fan ${i}`}, ${`fan${i}@example.com`})`), sql`, `)}`,
  // Drawn at 0023: three places given, the counter at 3.
  sql`insert into on_sale_events (id, name, on_sale_at, shopping_capacity, window_minutes, last_place, drawn_at, created_by)
      values (${ids.drawn}, 'Drawn before', ${minutesAgo(30)}, 2, 10, 3, ${minutesAgo(30)}, 'staff')`,
  sql`insert into queue_entries (event_id, account_id, joined_at, place)
      values (${ids.drawn}, ${accounts[0]}, ${minutesAgo(40)}, 2), (${ids.drawn}, ${accounts[1]}, ${minutesAgo(40)}, 1), (${ids.drawn}, ${accounts[2]}, ${minutesAgo(20)}, 3)`,
  // Not drawn at 0023, its on-sale time a minute away: three in the pre-queue.
  sql`insert into on_sale_events (id, name, on_sale_at, shopping_capacity, window_minutes, created_by)
      values (${ids.waiting}, 'Not yet drawn', ${new Date(now.getTime() + 60_000)}, 1, 10, 'staff')`,
  sql`insert into queue_entries (event_id, account_id, joined_at, place)
      values ${sql.join([3, 4, 5].map((i) => sql`(${ids.waiting}, ${accounts[i]}, ${minutesAgo(5)}, null)`), sql`, `)}`,
];

/** An instance of a release before 0024 (a rolling deploy) joining the pre-queue: no place, no lottery key. */
const OLDER_RELEASE_JOIN = sql`insert into queue_entries (event_id, account_id, joined_at, place) values (${ids.waiting}, ${accounts[6]}, now(), null)`;

async function expectUpgraded(store: Store, { db }: Database) {
  const { waitingRoom } = store;
  const execute = (query: typeof OLDER_RELEASE_JOIN) => db.execute(query);
  const lotteryKeys = async () => {
    const { rows } = (await db.execute(sql`select count(lottery_key)::int as n from queue_entries where event_id = ${ids.waiting}`)) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };
  // Refused, rather than a moviegoer no admission would ever place.
  const refused = await execute(OLDER_RELEASE_JOIN).then(() => null, (error: Error & { cause?: { message?: string } }) => error.cause?.message ?? error.message);
  expect(refused).toContain('queue_entries_place_or_lottery_key');
  // The event drawn before: its next arrival takes place 4, the one after 5.
  expect((await waitingRoom.join(ids.drawn, accounts[3]!, now)).place).toBe(4);
  expect((await waitingRoom.join(ids.drawn, accounts[4]!, now)).place).toBe(5);
  expect(await waitingRoom.drawnPlaces(ids.drawn)).toEqual(new Map([[accounts[0], 2], [accounts[1], 1]]));

  // The one not drawn: a lottery key for each of its pre-queue, then the close at the on-sale time.
  expect(await lotteryKeys()).toBe(3);
  const opening = new Date(now.getTime() + 61_000);
  expect(await waitingRoom.draw(ids.waiting, opening)).toBe(true);
  const places = await waitingRoom.drawnPlaces(ids.waiting);
  expect([...places.values()].sort()).toEqual([1, 2, 3]);
  for (const i of [3, 4, 5]) expect((await waitingRoom.entry(ids.waiting, accounts[i]!))!.place).toBe(places.get(accounts[i]!));
  expect((await waitingRoom.join(ids.waiting, accounts[6]!, opening)).place).toBe(4);
  // The admission writes the first place and lets its holder in.
  expect(await waitingRoom.admitNext(ids.waiting, opening)).toBe(1);
  const first = [...places].find(([, place]) => place === 1)![0];
  expect((await waitingRoom.entry(ids.waiting, first))!.admittedAt).not.toBeNull();
}

describe.skipIf(laneLeftOut('pglite') !== null)('migration 0024 on PGlite: lottery keys and places from a sequence', () => {
  it('migrates a PGlite data folder written at 0023', async () => {
    const dataDir = await pgliteWrittenAt(LAST_BEFORE_LOTTERY, async (db) => {
      for (const row of ROWS_AT_0023) await db.execute(row);
    });
    const database = await openPglite(dataDir);
    const store = createPostgresStore(database);
    try {
      await expectUpgraded(store, database);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!postgresUrl)('migration 0024 on PostgreSQL: lottery keys and places from a sequence', () => {
  it('migrates a database written at 0023', async () => {
    const fresh = await postgresWrittenAt(postgresUrl!, LAST_BEFORE_LOTTERY, async (db) => {
      for (const row of ROWS_AT_0023) await db.execute(row);
    });
    let database: Database | undefined;
    try {
      database = await openPostgres(fresh.url, 5);
      await expectUpgraded(createPostgresStore(database), database);
    } finally {
      await database?.close();
      await fresh.drop();
    }
  });
});
