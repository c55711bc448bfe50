import { apiAs, HALL_SCREEN_ID, tokenFor } from './api';
import { adminCall } from './door-tickets';
import type { BrowserStack } from './test-stack';

const DAY = 24 * 3600_000;

/** The calendar date `days` after today on `timeZone`'s clock (YYYY-MM-DD). */
function dateAhead(days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * DAY));
}

/**
 * Dates on which a movie's first-city show times are all on the spec's hall, two of them, for the first `movies`
 * movies the home page lists, added once for the whole run as staff would (POST /api/show/add at the hall's free
 * starts, POST /api/admin/shows/check). Tests that tap a time by its place and book seats by row and number
 * (support/api.ts hallOnlyDates, customer.spec's pickShow) need one; the seed plays every screen of the chain
 * (issue 52), so whether its week has such a date depended on the hour the stack was started. The dates are after the
 * seed's week, where no screen has shows: the latest date is the one those tests take. On `stack` (the global setup
 * adds them to each worker's).
 */
export async function addHallOnlyDates(stack: BrowserStack, movies = 6): Promise<void> {
  const token = tokenFor('admin@example.com', 'admin', stack);
  const admin = apiAs(token, stack);
  const { cinemas } = await adminCall<{ cinemas: { timeZone: string; screens: { _id: string }[] }[] }>(token, 'GET', '/api/admin/cinemas', undefined, stack);
  const { timeZone } = cinemas.find((cinema) => cinema.screens.some((screen) => screen._id === HALL_SCREEN_ID))!;
  const listed = (await apiAs(undefined, stack).showAll()).shows.slice(0, movies);
  // Two movies a day, each twice, one after the other on the hall (one show at a time), from 09:00.
  for (let pair = 0; pair * 2 < listed.length; pair++) {
    const date = dateAhead(9 + pair, timeZone);
    const day = listed.slice(pair * 2, pair * 2 + 2);
    let time = '09:00';
    for (const movie of [...day, ...day]) {
      type Check = { free: boolean; nextFreeStart?: string; runtime: number; turnoverMinutes: number };
      const check = await adminCall<Check>(token, 'POST', '/api/admin/shows/check', { movieId: movie._id, showsInput: [{ date, time: [time] }], screenId: HALL_SCREEN_ID }, stack);
      if (!check.free) throw new Error(`the hall is not free on ${date} at ${time} (next free start ${check.nextFreeStart})`);
      await admin.addShow({ movieId: movie._id, showsInput: [{ date, time: [time] }], showPrice: 12, screenId: HALL_SCREEN_ID });
      // The next show once this one has ended and the screen is turned over (its runtime and the cinema's turnover).
      time = laterOnTheDay(time, check.runtime + check.turnoverMinutes);
    }
  }
}

/** HH:MM `minutes` after `time` on the same day, rounded up to the next 5 minutes. */
function laterOnTheDay(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const next = Math.ceil((hours * 60 + mins + minutes) / 5) * 5;
  if (next >= 24 * 60) throw new Error(`no room on the hall's day after ${time} for another show of ${minutes} minutes`);
  return `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
}
