import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows } from './support/bookable.ts';

const lane = lanes.find((l) => l.name === 'postgres')!;
/** The bound for a change made on one instance to reach another. */
const WITHIN_MS = 200;

/**
 * Two service instances, each with its own connection pool and listening connection,
 * on one PostgreSQL database: what one of them changes reaches the other through
 * LISTEN/NOTIFY, well before any poll or cache lifetime would bring it.
 */
describe.skipIf(lane.skipReason !== null)('instances sharing one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabaseUrl>>;
  const stores: Store[] = [];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    for (let i = 0; i < 2; i++) stores.push(createPostgresStore(await openPostgres(database.url)));
    a = await startTestApp(lane, { store: stores[0], seed: true });
    b = await startTestApp(lane, { store: stores[1] });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const store of stores) await store.close();
    await database?.drop();
  });

  /** A show nobody has booked yet (each test books on its own). */
  async function emptyShow() {
    return (await bookableHallShows(a.store)).find((s) => Object.keys(s.occupiedSeats).length === 0)!;
  }

  it('one account holding at once on both instances never passes the hold caps (counted in the claiming write)', async () => {
    const show = await emptyShow();
    // One account: the same subject, signed for each instance.
    const tokens = new Map([a, b].map((instance) => [instance, instance.tokenFor('hoarder@example.com')]));
    const perShow = a.config.holds.maxHeldSeatsPerShow;
    // Requests of 3 distinct seats, half to each instance, all at once: each instance checks one at a time, so
    // without the count in the write two of them pass together (3 + 3 after 6 held: 12 of a cap of 10).
    const requests = Array.from({ length: 8 }, (_, i) => ({
      instance: i % 2 === 0 ? a : b,
      seats: ['A', 'B', 'C'].map((row) => `${row}${i + 1}`),
    }));
    const answers = await Promise.all(
      requests.map(async ({ instance, seats }) =>
        instance.api('POST', '/api/booking/create', { token: await tokens.get(instance)!, body: { showId: show.id, selectedSeats: seats } }),
      ),
    );
    const held = answers.filter((answer) => answer.status === 200).length * 3;
    expect(held).toBeLessThanOrEqual(perShow);
    expect(held).toBeGreaterThan(0);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/hold/);
    }
    const own = await a.store.bookings.listOwn('test|hoarder@example.com');
    expect(own.filter((booking) => booking.status === 'held').reduce((n, booking) => n + booking.seats.length, 0)).toBe(held);
  });

  it(`a booking on one instance reaches a seat-map watcher on another within ${WITHIN_MS} ms`, async () => {
    const show = await emptyShow();
    const stream = await openEvents(`${b.baseUrl}/api/booking/seats/${show.id}/events`);
    try {
      await stream.next((seats) => seats.length === 0, 2000);
      const booked = await a.api('POST', '/api/booking/create', {
        token: await a.tokenFor('watched@example.com'),
        body: { showId: show.id, selectedSeats: ['C3', 'C4'] },
      });
      expect(booked.status).toBe(200);
      const acknowledged = Date.now();
      expect(await stream.next((seats) => seats.includes('C3'), 2000)).toEqual(['C3', 'C4']);
      expect(Date.now() - acknowledged).toBeLessThan(WITHIN_MS);
    } finally {
      await stream.close();
    }
  });

  it(`a booking on one instance drops the other's cached seat map within ${WITHIN_MS} ms (its lifetime is 1 s)`, async () => {
    const show = await emptyShow();
    // Instance b caches the empty map; asking twice makes sure the second answer came from its cache.
    expect((await b.api('GET', `/api/booking/seats/${show.id}`)).body.occupiedSeats).toEqual([]);
    expect((await b.api('GET', `/api/booking/seats/${show.id}`)).body.occupiedSeats).toEqual([]);
    const booked = await a.api('POST', '/api/booking/create', {
      token: await a.tokenFor('cached@example.com'),
      body: { showId: show.id, selectedSeats: ['H8'] },
    });
    expect(booked.status).toBe(200);
    const acknowledged = Date.now();
    let seen: string[] = [];
    while (!seen.includes('H8') && Date.now() - acknowledged < 1_500) {
      seen = (await b.api('GET', `/api/booking/seats/${show.id}`)).body.occupiedSeats;
    }
    expect(seen).toEqual(['H8']);
    expect(Date.now() - acknowledged).toBeLessThan(WITHIN_MS);
  });

  it(`a movie added on one instance is no longer unknown on the other within ${WITHIN_MS} ms`, async () => {
    const admin = await a.tokenFor('admin@example.com', ['admin']);
    const nowPlaying = await a.api('GET', '/api/show/now-playing', { token: admin });
    const shown = new Set(((await b.api('GET', '/api/show/all')).body.shows as { _id: string }[]).map((m) => m._id));
    const newcomer = (nowPlaying.body.movies as { id: number }[]).map((m) => String(m.id)).find((id) => !shown.has(id))!;
    // Instance b answers the unknown id from its set of known movie ids.
    expect((await b.api('GET', `/api/show/${newcomer}`)).status).toBe(404);
    // Past the seed's week: its screens are free then (one screen, one show at a time).
    const date = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const added = await a.api('POST', '/api/show/add', { token: admin, body: { movieId: newcomer, showsInput: [{ date, time: ['20:00'] }], showPrice: 9 } });
    expect(added.status).toBe(200);
    const acknowledged = Date.now();
    let status = 404;
    while (status === 404 && Date.now() - acknowledged < 1_500) status = (await b.api('GET', `/api/show/${newcomer}`)).status;
    expect(status).toBe(200);
    expect(Date.now() - acknowledged).toBeLessThan(WITHIN_MS);
  });
});
