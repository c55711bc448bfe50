import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Counts the calls the service makes to a repository (each one reaches the database); the calls themselves run as usual. */
function counting<T extends object>(repository: T, calls: { n: number }): T {
  return new Proxy(repository, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.n++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/**
 * Public reads of ids that do not exist (a typo, an old link, or a flood of made-up ids) are
 * answered from memory, not from the database, and an id becomes known as soon as it exists.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`unknown show and movie ids on ${lane.name}`, () => {
    let store: Store;
    let t: TestApp;
    const calls = { n: 0 };

    beforeAll(async () => {
      store = await lane.openStore();
      const counted: Store = { ...store, shows: counting(store.shows, calls), movies: counting(store.movies, calls) };
      t = await startTestApp(lane, { store: counted, seed: true });
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
    });

    it('answers 404 to many different made-up ids with no database read per id', async () => {
      // The first unknown id loads the sets of known ids (one read each).
      expect((await t.api('GET', `/api/booking/seats/${randomUUID()}`)).status).toBe(404);
      expect((await t.api('GET', '/api/show/900000001')).status).toBe(404);
      const before = calls.n;
      for (let i = 0; i < 50; i++) {
        const seats = await t.api('GET', `/api/booking/seats/${randomUUID()}`);
        expect(seats.status).toBe(404);
        expect(seats.body).toEqual({ success: false, message: 'Show not found' });
        const movie = await t.api('GET', `/api/show/${900000002 + i}`);
        expect(movie.status).toBe(404);
        expect(movie.body).toEqual({ success: false, message: 'Movie not found' });
      }
      expect(calls.n - before).toBe(0);
    });

    it('knows a movie and its shows as soon as an admin adds them', async () => {
      const admin = await t.tokenFor('admin@example.com', ['admin']);
      const nowPlaying = await t.api('GET', '/api/show/now-playing', { token: admin });
      const shown = new Set(((await t.api('GET', '/api/show/all')).body.shows as { _id: string }[]).map((m) => m._id));
      const newcomer = (nowPlaying.body.movies as { id: number }[]).map((m) => String(m.id)).find((id) => !shown.has(id));
      expect(newcomer, 'the catalogue has a movie the sample data did not schedule').toBeDefined();
      // Asked for before it is imported: not found (and that answer is remembered).
      expect((await t.api('GET', `/api/show/${newcomer}`)).status).toBe(404);
      expect((await t.api('GET', `/api/show/${newcomer}`)).status).toBe(404);

      // Past the seed's week, whose shows fill every screen's day (one screen, one show at a time, on the cinema's clock).
      const date = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
      const added = await t.api('POST', '/api/show/add', {
        token: admin,
        body: { movieId: newcomer, showsInput: [{ date, time: ['19:30'] }], showPrice: 11 },
      });
      expect(added.status).toBe(200);

      const detail = await t.api('GET', `/api/show/${newcomer}`);
      expect(detail.status).toBe(200);
      const showId = detail.body.dateTime[date][0].showId as string;
      const seats = await t.api('GET', `/api/booking/seats/${showId}`);
      expect(seats.status).toBe(200);
      expect(seats.body.occupiedSeats).toEqual([]);
    });
  });
}
