import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { localDate } from '../src/contract/theatre-time.ts';

interface ScheduleShow { showId: string; title: string; startsAt: string; endsAt: string; readyAt: string; soldSeats: number; totalSeats: number; cancelled: boolean }
interface Schedule { cinema: { _id: string; timeZone: string; turnoverMinutes: number }; salesCloseMinutes: number; screens: { _id: string; seatCount: number; shows: ScheduleShow[] }[] }
interface ShowRow { _id: string; showDateTime: string; cancelled?: boolean; screen?: { _id: string } }

const MINUTE = 60_000;

/**
 * Issue 52 parts 4 and 5 on the service: the Schedule's read (a cinema's screens over days, each show start to ready
 * again) and List Shows' screen and open-for-sale filters (On Sale's picker). The store's own reads are every lane's
 * (repository-contract); this reads them through the routes on PGlite.
 */
describe.skipIf(lanes[0]!.skipReason !== null)('the schedule view and the show filters', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(lanes[0]!, { seed: true });
    admin = await t.tokenFor('admin@example.com', ['admin']);
  });
  afterAll(() => t?.close());

  const get = async (path: string, token = admin) => t.api('GET', path, { token });

  it("draws a cinema's day: each screen with its shows from start to ready again, seats sold of the screen's", async () => {
    const upcoming = (await get('/api/admin/shows?pageSize=1')).body.shows as (ShowRow & { cinema: { _id: string; timeZone: string } })[];
    const first = upcoming[0]!;
    const day = localDate(new Date(first.showDateTime), first.cinema.timeZone);
    const res = await get(`/api/admin/schedule?cinemaId=${first.cinema._id}&from=${day}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const schedule = res.body as Schedule;
    expect(schedule.cinema).toMatchObject({ _id: first.cinema._id, timeZone: first.cinema.timeZone });
    expect(schedule.cinema.turnoverMinutes).toBeGreaterThanOrEqual(0);
    const screen = schedule.screens.find((s) => s._id === first.screen!._id)!;
    const show = screen.shows.find((s) => s.showId === first._id)!;
    const movie = await t.store.movies.get((await t.store.shows.get(first._id))!.movieId);
    expect(Date.parse(show.endsAt) - Date.parse(show.startsAt)).toBe(movie!.runtime * MINUTE);
    expect(Date.parse(show.readyAt) - Date.parse(show.endsAt)).toBe(schedule.cinema.turnoverMinutes * MINUTE);
    expect(show.totalSeats).toBe(screen.seatCount);
    // Each screen's shows soonest first, and none overlapping (the seed keeps one screen, one show at a time).
    for (const s of schedule.screens) {
      const live = s.shows.filter((x) => !x.cancelled);
      for (let i = 1; i < live.length; i++) expect(Date.parse(live[i]!.startsAt)).toBeGreaterThanOrEqual(Date.parse(live[i - 1]!.readyAt));
    }
  });

  it('refuses a range over nine days, an unknown cinema, and anyone but theatre staff', async () => {
    const cinemaId = ((await get('/api/admin/cinemas')).body.cinemas as { _id: string }[])[0]!._id;
    expect((await get(`/api/admin/schedule?cinemaId=${cinemaId}&from=2026-12-01&to=2026-12-11`)).status).toBe(400);
    expect((await get(`/api/admin/schedule?cinemaId=${cinemaId}&from=2026-12-02&to=2026-12-01`)).status).toBe(400);
    expect((await get('/api/admin/schedule?cinemaId=no-such-cinema&from=2026-12-01')).status).toBe(404);
    const customer = await t.tokenFor('schedule.viewer@example.com');
    expect((await get(`/api/admin/schedule?cinemaId=${cinemaId}&from=2026-12-01`, customer)).status).toBe(403);
  });

  it("List Shows filters by screen, and openForSale leaves out what has closed (On Sale's picker)", async () => {
    const all = (await get('/api/admin/shows?pageSize=200')).body as { shows: ShowRow[]; total: number };
    const screenId = all.shows[0]!.screen!._id;
    const onScreen = (await get(`/api/admin/shows?pageSize=200&screenId=${screenId}`)).body as { shows: ShowRow[] };
    expect(onScreen.shows.length).toBeGreaterThan(0);
    expect(onScreen.shows.every((s) => s.screen!._id === screenId)).toBe(true);

    const config = (await t.api('GET', '/api/config')).body as { salesCloseMinutes: number };
    const open = (await get('/api/admin/shows?pageSize=200&openForSale=true')).body as { shows: ShowRow[] };
    const closesAfter = Date.now() + config.salesCloseMinutes * MINUTE;
    expect(open.shows.length).toBeGreaterThan(0);
    expect(open.shows.every((s) => Date.parse(s.showDateTime) > closesAfter - MINUTE && !s.cancelled)).toBe(true);
    expect((await get('/api/admin/shows?openForSale=yes')).status).toBe(400);
  });
});
