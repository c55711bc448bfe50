import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CINEMA_ID, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { startTestApp } from './support/test-app.ts';
import { laneLeftOut } from './support/lane-selection.ts';
import { pgliteWrittenAt, postgresWrittenAt, removeWrittenAtFolders } from './support/written-at.ts';

/**
 * Issue 52's migration on every store: a database holding the bug (two movies at 22:45 on one screen, seat H5 sold
 * on each, and a show starting inside another) comes out of the new code's start with every show and ticket kept,
 * the overlapping shows marked grandfathered, listed for staff and by the integrity check, and new clashes refused.
 */

const LAST_BEFORE_SCHEDULE = 19;
const postgresUrl = process.env.TEST_POSTGRES_URL;
const mongoServer = inject('mongoLaneServer');
afterAll(removeWrittenAtFolders);

const night = sampleMovie({ id: '1001', title: 'The Long Night', runtime: 121 });
const odette = sampleMovie({ id: '1002', title: 'Dear Odette', runtime: 103 });
const ids = { a: randomUUID(), b: randomUUID(), c: randomUUID(), apart: randomUUID(), paidA: randomUUID(), paidB: randomUUID(), user: 'auth0|before-schedule' };
const day = Date.now() + 3 * 86_400_000;
const at2245 = new Date(Math.floor(day / 86_400_000) * 86_400_000 + (22 * 60 + 45) * 60_000);
/** a and b: two movies at 22:45 on Screen 1 (the bug); c starts an hour before, inside both; `apart` (16:45) overlaps none. */
const SHOWS = [
  { id: ids.a, movie: night.id, startsAt: at2245 },
  { id: ids.b, movie: odette.id, startsAt: at2245 },
  { id: ids.c, movie: odette.id, startsAt: new Date(at2245.getTime() - 60 * 60_000) },
  { id: ids.apart, movie: night.id, startsAt: new Date(at2245.getTime() - 6 * 60 * 60_000) },
];

const ROWS_AT_0019 = [
  sql`insert into movies (id, title, runtime) values (${night.id}, ${night.title}, ${night.runtime}), (${odette.id}, ${odette.title}, ${odette.runtime})`,
  sql`insert into users (id, name, email) values (${ids.user}, 'Before', 'before@example.com')`,
  ...SHOWS.map((show) => sql`insert into shows (id, movie_id, starts_at, price_cents, screen_id) values (${show.id}, ${show.movie}, ${show.startsAt}, 1250, ${DEFAULT_SCREEN_ID})`),
  sql`insert into bookings (id, user_id, show_id, seats, amount_cents, status, is_paid, hold_expires_at, paid_at, ticket_code)
      values (${ids.paidA}, ${ids.user}, ${ids.a}, array['H5'], 1250, 'paid', true, ${new Date()}, ${new Date()}, 'AAAABBBB44'),
             (${ids.paidB}, ${ids.user}, ${ids.b}, array['H5'], 1250, 'paid', true, ${new Date()}, ${new Date()}, 'AAAABBBB55')`,
  sql`insert into seat_reservations (show_id, seat, booking_id) values (${ids.a}, 'H5', ${ids.paidA}), (${ids.b}, 'H5', ${ids.paidB})`,
];

async function expectGrandfathered(store: Store) {
  await store.integrity.initialise({ id: randomUUID(), createdAt: new Date() });
  const t = await startTestApp({ name: 'pglite', skipReason: null, openStore: async () => store }, { store, seed: false });
  try {
    // Nothing sold is moved or removed.
    for (const show of SHOWS) expect(await store.shows.get(show.id)).toMatchObject({ id: show.id, startsAt: show.startsAt, screenId: DEFAULT_SCREEN_ID, cancelledAt: null });
    expect(await store.shows.occupiedSeats(ids.a)).toEqual({ H5: 'paid' });
    expect(await store.shows.occupiedSeats(ids.b)).toEqual({ H5: 'paid' });
    expect(await store.bookings.get(ids.paidA)).toMatchObject({ seats: ['H5'], status: 'paid' });
    expect(await store.bookings.get(ids.paidB)).toMatchObject({ seats: ['H5'], status: 'paid' });

    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const listed = await t.api('GET', '/api/admin/shows/conflicts', { token: admin });
    expect(listed.status).toBe(200);
    const pairs = (listed.body.conflicts as { shows: { showId: string; grandfathered: boolean; seatsSold: number }[]; cinemaId: string; screenName: string }[]).map((c) =>
      c.shows.map((s) => s.showId).sort(),
    );
    expect(pairs.sort()).toEqual([[ids.a, ids.b].sort(), [ids.a, ids.c].sort(), [ids.b, ids.c].sort()].sort());
    const ab = listed.body.conflicts.find((c: { shows: { showId: string }[] }) => c.shows.every((s) => s.showId === ids.a || s.showId === ids.b));
    expect(ab).toMatchObject({ cinemaId: DEFAULT_CINEMA_ID, screenName: 'Screen 1' });
    expect(ab.shows.map((s: { seatsSold: number; grandfathered: boolean }) => [s.seatsSold, s.grandfathered])).toEqual([[1, true], [1, true]]);
    expect(ab.message).toContain('at once');

    const support = await t.tokenFor('support@example.com', ['support']);
    const integrity = await t.api('GET', '/api/debug/integrity', { token: support });
    expect(integrity.body.healthy).toBe(true);
    expect(integrity.body.scheduleOverlaps).toHaveLength(3);
    expect(integrity.body.scheduleOverlaps.join(' ')).toContain('1 seats sold');

    // From now on a clash is refused, also with a grandfathered show; the clear one stays bookable on its own.
    const refused = await store.shows.addMany(night.id, [{ startsAt: new Date(at2245.getTime() + 30 * 60_000), priceCents: 1000 }]).then(() => null, (e: unknown) => e);
    expect(refused).toMatchObject({ name: 'ScheduleClashError' });
    const beforeApart = await store.shows.addMany(odette.id, [{ startsAt: new Date(at2245.getTime() - 4 * 60 * 60_000 + 60_000), priceCents: 1000 }]).then(() => null, (e: unknown) => e);
    expect(beforeApart).toMatchObject({ name: 'ScheduleClashError' });
    expect(await store.integrity.countRows()).toMatchObject({ bookings: 2 });
  } finally {
    await t.close();
  }
}

describe.skipIf(laneLeftOut('pglite') !== null)('migration 0020 on PGlite: overlapping shows are kept, grandfathered and listed', () => {
  it('migrates a PGlite data folder written at 0019', async () => {
    const dataDir = await pgliteWrittenAt(LAST_BEFORE_SCHEDULE, async (db) => {
      for (const row of ROWS_AT_0019) await db.execute(row);
    });
    const store = createPostgresStore(await openPglite(dataDir));
    try {
      await expectGrandfathered(store);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!postgresUrl)('migration 0020 on PostgreSQL: overlapping shows are kept, grandfathered and listed', () => {
  it('migrates a database written at 0019', async () => {
    const fresh = await postgresWrittenAt(postgresUrl!, LAST_BEFORE_SCHEDULE, async (db) => {
      for (const row of ROWS_AT_0019) await db.execute(row);
    });
    let database: Database | undefined;
    try {
      database = await openPostgres(fresh.url, 5);
      await expectGrandfathered(createPostgresStore(database));
    } finally {
      await database?.close();
      await fresh.drop();
    }
  });
});

describe.skipIf(mongoServer.skipReason !== null)('screen schedules on MongoDB: overlapping shows are kept, grandfathered and listed', () => {
  it('builds each screen’s schedule from the shows stored before it', async () => {
    const dbName = `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const before = await mongoose.createConnection(mongoServer.uri!, { dbName }).asPromise();
    const now = new Date();
    for (const movie of [night, odette]) {
      const { id: _id, ...details } = movie;
      await before.collection('movies').insertOne({ _id: movie.id as never, ...details, createdAt: now });
    }
    await before.collection('shows').insertMany(
      SHOWS.map((show) => ({ _id: show.id as never, movieId: show.movie, startsAt: show.startsAt, priceCents: 1250, screenId: DEFAULT_SCREEN_ID, seatPriceCents: {}, cancelledAt: null, createdAt: now })),
    );
    await before.collection('users').insertOne({ _id: ids.user as never, name: 'Before', email: 'before@example.com', createdAt: now });
    const booking = (id: string, showId: string, movieId: string, ticketCode: string) => ({
      _id: id as never, userId: ids.user, showId, movieId, showStartsAt: at2245, seats: ['H5'], amountCents: 1250, status: 'paid', isPaid: true, live: true,
      paymentLink: null, paymentSessionId: null, paymentIntentId: null, holdExpiresAt: now, paidAt: now, createdAt: now, ticketCode,
      refundStatus: null, refundReason: null, refundId: null, confirmation: 'sample',
    });
    await before.collection('bookings').insertMany([booking(ids.paidA, ids.a, night.id, 'AAAABBBB44'), booking(ids.paidB, ids.b, odette.id, 'AAAABBBB55')]);
    await before.close();

    const connection = await connectMongo(mongoServer.uri!, { dbName });
    const store = createMongoStore(connection);
    try {
      await expectGrandfathered(store);
    } finally {
      await connection.dropDatabase().catch(() => {});
      await store.close();
    }
  });
});
