import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { startTestApp } from './support/test-app.ts';
import { laneLeftOut } from './support/lane-selection.ts';
import { pgliteWrittenAt, postgresWrittenAt, removeWrittenAtFolders } from './support/written-at.ts';

/**
 * Issue 42's migration on every store: a database as today's code leaves it (PGlite and PostgreSQL: migrated to
 * 0014, rows inserted; MongoDB: documents as the code before cinemas wrote them, its old unique index) comes out
 * of the new code's start with every show on the default cinema's first screen at its price, every booking and
 * seat kept, the integrity checks whole, and a second screen able to play the same movie at the same instant.
 */

const LAST_BEFORE_CINEMAS = 14;
const postgresUrl = process.env.TEST_POSTGRES_URL;
const mongoServer = inject('mongoLaneServer');
afterAll(removeWrittenAtFolders);

const movie = sampleMovie();
const ids = { show: randomUUID(), otherShow: randomUUID(), held: randomUUID(), paid: randomUUID(), user: 'auth0|before-cinemas' };
const startsAt = new Date(Date.now() + 3 * 86_400_000);
/** The other show three hours later: the catalogue's runtime (134 minutes) and the turnover fit between (issue 52). */
const OTHER_SHOW_MS = 3 * 3_600_000;

/** Today's rows, written by SQL at schema 0014: two shows, a held booking and a paid one with their seat rows. */
const ROWS_AT_0014 = [
  sql`insert into movies (id, title) values (${movie.id}, ${movie.title})`,
  sql`insert into users (id, name, email) values (${ids.user}, 'Before', 'before@example.com')`,
  sql`insert into shows (id, movie_id, starts_at, price_cents) values (${ids.show}, ${movie.id}, ${startsAt}, 1250), (${ids.otherShow}, ${movie.id}, ${new Date(startsAt.getTime() + OTHER_SHOW_MS)}, 999)`,
  sql`insert into bookings (id, user_id, show_id, seats, amount_cents, status, is_paid, hold_expires_at, paid_at, ticket_code)
      values (${ids.held}, ${ids.user}, ${ids.show}, array['C4','C5'], 2500, 'held', false, ${new Date(Date.now() + 600_000)}, null, 'AAAABBBB22'),
             (${ids.paid}, ${ids.user}, ${ids.show}, array['J9'], 1250, 'paid', true, ${new Date()}, ${new Date()}, 'AAAABBBB33')`,
  sql`insert into seat_reservations (show_id, seat, booking_id) values (${ids.show}, 'C4', ${ids.held}), (${ids.show}, 'C5', ${ids.held}), (${ids.show}, 'J9', ${ids.paid})`,
];

/** What must hold once the new code has started on the migrated database. */
async function expectMigrated(store: Store) {
  const show = await store.shows.get(ids.show);
  expect(show).toMatchObject({ id: ids.show, movieId: movie.id, startsAt, priceCents: 1250, screenId: DEFAULT_SCREEN_ID, seatPriceCents: {} });
  expect(await store.shows.get(ids.otherShow)).toMatchObject({ priceCents: 999, screenId: DEFAULT_SCREEN_ID });
  expect(await store.shows.occupiedSeats(ids.show)).toEqual({ C4: 'held', C5: 'held', J9: 'paid' });
  expect(await store.bookings.get(ids.paid)).toMatchObject({ seats: ['J9'], amountCents: 1250, isPaid: true, status: 'paid' });
  expect(await store.bookings.get(ids.held)).toMatchObject({ seats: ['C4', 'C5'], amountCents: 2500, status: 'held' });
  expect(await store.integrity.countRows()).toEqual({ movies: 1, shows: 2, bookings: 2 });
  expect(await store.integrity.ledgerMismatches()).toEqual({ bookingsMissingSeats: 0, seatsWithoutLiveBooking: 0 });
  expect(await store.integrity.doubleSales()).toEqual([]);
}

/** The service on the migrated store: it ensures the chain, answers the old show with the spec hall, and books on it. */
async function expectServiceWorks(store: Store) {
  // The identity a database in service has (written at its first start), which start-up requires of one holding data.
  await store.integrity.initialise({ id: randomUUID(), createdAt: new Date() });
  const t = await startTestApp({ name: 'pglite', skipReason: null, openStore: async () => store }, { store, seed: false });
  try {
    const seats = await t.api('GET', `/api/booking/seats/${ids.show}`);
    expect(seats.status).toBe(200);
    expect(seats.body.occupiedSeats).toEqual(['C4', 'C5', 'J9']);
    expect(seats.body.screen).toEqual({ _id: DEFAULT_SCREEN_ID, name: 'Screen 1', format: 'Standard' });
    expect(seats.body.layout.rows).toHaveLength(10);
    const token = await t.token();
    const held = await t.api('POST', '/api/booking/create', { token, body: { showId: ids.show, selectedSeats: ['A1'] } });
    expect(held.status).toBe(200);
    // The same movie at the same instant on another screen: a new show (before cinemas, one per movie and instant).
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const date = startsAt.toISOString().slice(0, 10);
    const time = startsAt.toISOString().slice(11, 16);
    const added = await t.api('POST', '/api/show/add', { token: admin, body: { movieId: movie.id, showsInput: [{ date, time: [time] }], showPrice: 12.5, screenId: 'marquee-marine-drive-2' } });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true, created: 1, skipped: 0 });
    expect((await t.store.integrity.historyDamage())).toEqual([]);
  } finally {
    await t.close();
  }
}

describe.skipIf(laneLeftOut('pglite') !== null)('migration 0015 on PGlite: shows of today move to the default screen, nothing lost', () => {
  it('migrates a PGlite data folder written at 0014', async () => {
    const dataDir = await pgliteWrittenAt(LAST_BEFORE_CINEMAS, async (db) => {
      for (const row of ROWS_AT_0014) await db.execute(row);
    });

    const store = createPostgresStore(await openPglite(dataDir));
    try {
      await expectMigrated(store);
      await expectServiceWorks(store);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!postgresUrl)('migration 0015 on PostgreSQL: shows of today move to the default screen, nothing lost', () => {
  it('migrates a database written at 0014', async () => {
    const fresh = await postgresWrittenAt(postgresUrl!, LAST_BEFORE_CINEMAS, async (db) => {
      for (const row of ROWS_AT_0014) await db.execute(row);
    });
    let database: Database | undefined;
    try {
      database = await openPostgres(fresh.url, 5);
      const store = createPostgresStore(database);
      await expectMigrated(store);
      await expectServiceWorks(store);
    } finally {
      await database?.close();
      await fresh.drop();
    }
  });
});

describe.skipIf(mongoServer.skipReason !== null)('cinemas on MongoDB: documents of today move to the default screen, nothing lost', () => {
  it('moves shows written before cinemas and replaces the per-movie-and-instant index', async () => {
    const dbName = `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const before = await mongoose.createConnection(mongoServer.uri!, { dbName }).asPromise();
    const now = new Date();
    const { id: _id, ...details } = movie;
    await before.collection('movies').insertOne({ _id: movie.id as never, ...details, createdAt: now });
    await before.collection('shows').insertMany([
      { _id: ids.show as never, movieId: movie.id, startsAt, priceCents: 1250, createdAt: now },
      { _id: ids.otherShow as never, movieId: movie.id, startsAt: new Date(startsAt.getTime() + OTHER_SHOW_MS), priceCents: 999, createdAt: now },
    ]);
    await before.collection('shows').createIndex({ movieId: 1, startsAt: 1 }, { unique: true, name: 'shows_movie_starts_at_key' });
    await before.collection('users').insertOne({ _id: ids.user as never, name: 'Before', email: 'before@example.com', createdAt: now });
    const booking = (id: string, seats: string[], paid: boolean, ticketCode: string) => ({
      _id: id as never, userId: ids.user, showId: ids.show, movieId: movie.id, showStartsAt: startsAt, seats, amountCents: 1250 * seats.length,
      status: paid ? 'paid' : 'held', isPaid: paid, live: true, paymentLink: null, paymentSessionId: null, paymentIntentId: null,
      holdExpiresAt: new Date(Date.now() + 600_000), paidAt: paid ? now : null, createdAt: now, ticketCode, refundStatus: null,
      refundReason: null, refundId: null, confirmation: paid ? 'sample' : null,
    });
    await before.collection('bookings').insertMany([booking(ids.held, ['C4', 'C5'], false, 'AAAABBBB22'), booking(ids.paid, ['J9'], true, 'AAAABBBB33')]);
    await before.close();

    const connection = await connectMongo(mongoServer.uri!, { dbName });
    const store = createMongoStore(connection);
    try {
      await expectMigrated(store);
      const indexes = (await connection.collection('shows').indexes()).map((index) => index.name);
      expect(indexes).toContain('shows_movie_starts_at_screen_key');
      expect(indexes).not.toContain('shows_movie_starts_at_key');
      // A second start changes nothing.
      await connectMongo(mongoServer.uri!, { dbName }).then((again) => again.close());
      await expectMigrated(store);
      await expectServiceWorks(store);
    } finally {
      await connection.dropDatabase().catch(() => {});
      await store.close();
    }
  });
});
