import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CINEMA_ID, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { zonedInstant } from '../src/contract/theatre-time.ts';
import { ScheduleClashError } from '../src/shows/screen-schedule.ts';
import type { Movie } from '../src/shows/show.ts';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { twoStoresOnOneDatabase } from './support/shared-database.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 52, one screen, one show at a time, on every lane: a show occupies its screen from its start to its end
 * (runtime) plus its cinema's turnover (20 minutes); a show that would overlap another is a 409 naming it on the
 * cinema's clock with the next free start, nothing added; the check answers the same without writing; a cancelled
 * show frees its time; a runtime change cannot make shows overlap; two instances adding clashing shows at once:
 * one succeeds; the seed's week never overlaps and every cinema has shows.
 */

const SCREEN_2 = `${DEFAULT_CINEMA_ID}-2`;
const SCREEN_3 = `${DEFAULT_CINEMA_ID}-3`;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Past the seed's week, so the tests' screens are empty that day. */
let dayCounter = 20;
const freeDate = () => new Date(Date.now() + dayCounter++ * DAY_MS).toISOString().slice(0, 10);

function clockOf(date: string, time: string, timeZone: string, plusMinutes: number): string {
  const at = new Date(zonedInstant(date, time, timeZone).getTime() + plusMinutes * MINUTE_MS);
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(at);
}

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`one screen, one show at a time on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let first: Movie;
    let second: Movie;
    let timeZone: string;
    const add = (movie: Movie, date: string, time: string[], screenId = SCREEN_2) =>
      t.api('POST', '/api/show/add', { token: admin, body: { movieId: movie.id, showsInput: [{ date, time }], showPrice: 10, screenId } });
    const showsOn = async (date: string, screenId = SCREEN_2) =>
      (await t.store.shows.listWithSeats({ from: new Date(`${date}T00:00:00Z`), to: new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS) }))
        .filter((show) => show.screenId === screenId && show.cancelledAt === null);

    beforeAll(async () => {
      t = await startTestApp(lane);
      admin = await t.tokenFor('admin@example.com', ['admin']);
      const listed = (await t.api('GET', '/api/show/all')).body.shows as { _id: string }[];
      first = (await t.store.movies.get(listed[0]!._id))!;
      second = (await t.store.movies.get(listed[1]!._id))!;
      timeZone = t.services.cinemas.place(DEFAULT_SCREEN_ID)!.cinema.timeZone;
    });
    afterAll(async () => t?.close());

    it('the cinemas say their turnover (20 minutes), to everyone and to staff', async () => {
      const cinemas = (await t.api('GET', '/api/cinemas')).body.cinemas as { turnoverMinutes: number }[];
      expect(cinemas.every((cinema) => cinema.turnoverMinutes === 20)).toBe(true);
      const staff = await t.api('GET', '/api/admin/cinemas', { token: admin });
      expect(staff.body.cinemas[0].turnoverMinutes).toBe(20);
    });

    it('a show that overlaps another on its screen is a 409 naming it on the cinema clock, with the next free start; nothing is added', async () => {
      const date = freeDate();
      expect((await add(first, date, ['19:00'])).body).toMatchObject({ success: true, created: 1 });
      const refused = await add(second, date, ['19:30']);
      expect(refused.status).toBe(409);
      const end = clockOf(date, '19:00', timeZone, first.runtime);
      const ready = clockOf(date, '19:00', timeZone, first.runtime + 20);
      const start = clockOf(date, '19:00', timeZone, 0).replace(/ [AP]M$/, '');
      const range = end.endsWith(' PM') ? `${start}-${end}` : `${start} PM-${end}`;
      expect(refused.body.message).toContain(`Screen 2 is showing ${first.title} ${range}, ready again at ${ready}`);
      const readyAt = zonedInstant(date, '19:00', timeZone).getTime() + (first.runtime + 20) * MINUTE_MS;
      expect(refused.body.nextFreeStart).toBe(new Date(readyAt).toISOString());
      expect(refused.body.clashes).toHaveLength(1);
      expect(refused.body.clashes[0].clashesWith).toMatchObject({ title: first.title, screenId: SCREEN_2, grandfathered: false });
      expect((await showsOn(date)).map((show) => show.movieId)).toEqual([first.id]);

      // Another screen is free; on this one the next free start is.
      expect((await add(second, date, ['19:30'], SCREEN_3)).body).toMatchObject({ created: 1 });
      const nextFree = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(readyAt));
      expect((await add(second, date, [nextFree])).body).toMatchObject({ created: 1 });
      // The same show again is still "already existed", not a clash.
      expect((await add(first, date, ['19:00'])).body).toMatchObject({ created: 0, skipped: 1 });
    });

    it('several times at once: every clash named (with the screen and with each other), none added', async () => {
      const date = freeDate();
      expect((await add(first, date, ['14:00'])).status).toBe(200);
      const refused = await add(second, date, ['10:00', '14:30', '21:00', '21:30']);
      expect(refused.status).toBe(409);
      expect(refused.body.clashes.map((clash: { clashesWith: { title: string; showId: string | null } }) => [clash.clashesWith.title, clash.clashesWith.showId === null])).toEqual([
        [first.title, false],
        [second.title, true],
      ]);
      expect(refused.body.message).toMatch(/^2 of these shows would overlap others on their screen: /);
      expect(refused.body.message).toContain('(another of these shows)');
      expect((await showsOn(date)).map((show) => show.movieId)).toEqual([first.id]);
    });

    it('POST /api/admin/shows/check answers the clashes and the next free start without writing', async () => {
      const date = freeDate();
      await add(first, date, ['18:00']);
      const check = await t.api('POST', '/api/admin/shows/check', { token: admin, body: { movieId: second.id, showsInput: [{ date, time: ['12:00', '18:45'] }], screenId: SCREEN_2 } });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ success: true, free: false, runtime: second.runtime, turnoverMinutes: 20 });
      expect(check.body.proposed).toHaveLength(2);
      expect(check.body.clashes).toHaveLength(1);
      expect(check.body.message).toContain(`Screen 2 is showing ${first.title}`);
      expect(check.body.nextFreeStart).toBe(new Date(zonedInstant(date, '18:00', timeZone).getTime() + (first.runtime + 20) * MINUTE_MS).toISOString());
      const free = await t.api('POST', '/api/admin/shows/check', { token: admin, body: { movieId: second.id, showsInput: [{ date, time: ['12:00'] }], screenId: SCREEN_2 } });
      expect(free.body).toMatchObject({ free: true, clashes: [] });
      expect((await showsOn(date)).map((show) => show.movieId)).toEqual([first.id]);
      expect((await t.api('POST', '/api/admin/shows/check', { body: { movieId: second.id, showsInput: [{ date, time: ['12:00'] }] } })).status).toBe(401);
    });

    it('a cancelled show frees its time on the screen', async () => {
      const date = freeDate();
      await add(first, date, ['16:00']);
      const [show] = await showsOn(date);
      expect((await add(second, date, ['16:30'])).status).toBe(409);
      expect((await t.api('POST', `/api/admin/shows/${show!.id}/cancel`, { token: admin })).status).toBe(200);
      expect((await add(second, date, ['16:30'])).body).toMatchObject({ created: 1 });
    });

    it('a runtime change that would make shows overlap is refused (nothing changes); one that fits moves the shows’ ends', async () => {
      const date = freeDate();
      const film = sampleMovie({ id: '990001', title: 'Dear Odette', runtime: 103 });
      await t.store.movies.upsert(film);
      const at = (time: string) => zonedInstant(date, time, timeZone);
      await t.store.shows.addMany(film.id, [{ startsAt: at('19:00'), priceCents: 1000, screenId: SCREEN_2 }]);
      // Ready at 21:03; the next show at 21:33 leaves 30 minutes of slack: 20 more fit, 45 more do not.
      await t.store.shows.addMany(second.id, [{ startsAt: at('21:33'), priceCents: 1000, screenId: SCREEN_2 }]);
      const refused = await t.store.movies.upsert({ ...film, runtime: 148 }).then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(ScheduleClashError);
      expect((refused as ScheduleClashError).clashes.map((clash) => [clash.with.title, clash.with.screenId])).toEqual([[second.title, SCREEN_2]]);
      expect((await t.store.movies.get(film.id))!.runtime).toBe(103);
      const [kept] = await t.store.shows.scheduleOn([SCREEN_2], at('19:00'), at('19:01'));
      expect(kept!.readyAt).toEqual(at('21:03'));

      await t.store.movies.upsert({ ...film, runtime: 123 });
      const [moved] = await t.store.shows.scheduleOn([SCREEN_2], at('19:00'), at('19:01'));
      expect(moved!.readyAt).toEqual(at('21:23'));
      // The screen's new time holds for new shows too.
      await expect(t.store.shows.addMany(second.id, [{ startsAt: at('21:15'), priceCents: 1000, screenId: SCREEN_2 }])).rejects.toBeInstanceOf(ScheduleClashError);
    });

    it('the seed: every cinema has shows; no two live shows of a screen overlap (runtime + turnover); the spec hall plays every day', async () => {
      const shows = await t.store.shows.listWithSeats({ from: new Date() });
      const cinemas = (await t.api('GET', '/api/admin/cinemas', { token: admin })).body.cinemas as { _id: string; screens: { _id: string }[] }[];
      for (const cinema of cinemas) {
        expect(shows.filter((show) => cinema.screens.some((screen) => screen._id === show.screenId)).length, cinema._id).toBeGreaterThan(0);
      }
      const live = shows.filter((show) => show.cancelledAt === null);
      const busy = live.map((show) => ({ show, from: show.startsAt.getTime(), to: show.startsAt.getTime() + (show.movie.runtime + 20) * MINUTE_MS }));
      for (const a of busy) {
        for (const b of busy) {
          if (a !== b && a.show.screenId === b.show.screenId) expect(a.from < b.to && b.from < a.to, `${a.show.id} and ${b.show.id}`).toBe(false);
        }
      }
      expect(await t.store.shows.overlaps()).toEqual([]);
      const hallDays = new Set(live.filter((show) => show.screenId === DEFAULT_SCREEN_ID).map((show) => show.startsAt.toISOString().slice(0, 10)));
      expect(hallDays.size).toBeGreaterThanOrEqual(7);
      expect(new Set(live.map((show) => show.movieId)).size).toBeGreaterThanOrEqual(5);
      expect((await t.api('GET', '/api/admin/shows/conflicts', { token: admin })).body).toEqual({ success: true, conflicts: [] });
    });
  });
}

for (const lane of lanes.filter((l) => l.name !== 'pglite')) {
  describe.skipIf(lane.skipReason !== null)(`two instances adding clashing shows at once on ${lane.name}`, () => {
    let shared: Awaited<ReturnType<typeof twoStoresOnOneDatabase>>;
    let a: TestApp;
    let b: TestApp;
    let stores: [Store, Store];

    beforeAll(async () => {
      shared = await twoStoresOnOneDatabase(lane);
      stores = shared.stores;
      a = await startTestApp(lane, { store: stores[0], seed: true });
      b = await startTestApp(lane, { store: stores[1] });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await shared?.close();
    });

    it('exactly one of two staff adding clashing shows on two instances succeeds, every time', async () => {
      const listed = (await a.api('GET', '/api/show/all')).body.shows as { _id: string }[];
      const [adminA, adminB] = [await a.tokenFor('admin@example.com', ['admin']), await b.tokenFor('admin@example.com', ['admin'])];
      for (let round = 0; round < 6; round++) {
        const date = freeDate();
        const [x, y] = await Promise.all([
          a.api('POST', '/api/show/add', { token: adminA, body: { movieId: listed[0]!._id, showsInput: [{ date, time: ['22:45'] }], showPrice: 10, screenId: SCREEN_2 } }),
          b.api('POST', '/api/show/add', { token: adminB, body: { movieId: listed[1]!._id, showsInput: [{ date, time: ['22:50'] }], showPrice: 10, screenId: SCREEN_2 } }),
        ]);
        expect([x.status, y.status].sort(), `round ${round}`).toEqual([200, 409]);
        const onScreen = (await a.store.shows.listWithSeats({ from: new Date(`${date}T00:00:00Z`), to: new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS) }))
          .filter((show) => show.screenId === SCREEN_2);
        expect(onScreen).toHaveLength(1);
      }
    });
  });
}
