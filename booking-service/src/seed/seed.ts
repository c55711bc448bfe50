import { randomUUID } from 'node:crypto';
import type { Catalog } from '../catalog/types.ts';
import { toCents } from '../contract/money.ts';
import { newTicketCode } from '../bookings/ticket-code.ts';
import { localDate, zonedInstant } from '../contract/theatre-time.ts';
import { DEV_ACCOUNTS } from '../identity/dev-accounts.ts';
import type { Store } from '../store/types.ts';
import { bookingTransitions } from '../bookings/guarded-transitions.ts';
import { movieFromCatalog } from '../shows/import-movie.ts';
import type { NewShow } from '../shows/show.ts';
import { BUILT_IN_TIME_ZONE, builtInChain, DEFAULT_SCREEN_ID } from '../cinemas/built-in-chain.ts';

const SEED_MOVIES = 8;
const DAYS_AHEAD = 7;
const PRICES = [12, 14.5, 9.99, 16, 11.25, 18.5, 13, 10.5];
const DAY_MS = 24 * 60 * 60 * 1000;
/** A screen's day: the first show from 10:00 (staggered a quarter-hour per screen), the last starting by 23:00. */
const FIRST_START_MINUTE = 10 * 60;
const LAST_START_MINUTE = 23 * 60;
/** Starts on the quarter-hour, as cinemas print them. */
const START_STEP = 15;
/** What a premium or IMAX screen adds to a movie's price, and a premium seat to a standard one (currency units). */
const FORMAT_SURCHARGE: Record<string, number> = { IMAX: 6, 'Dolby Atmos': 3, Recliner: 8 };
const PREMIUM_SEAT_SURCHARGE = 4;

/** Every time of the seed is on its cinema's own clock: no theatre-wide zone. */
interface SeedOptions { now: Date; log?: (message: string) => void }
interface SeedMovie { id: string; runtime: number }

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * One screen's day of shows, one after another (a show occupies its screen for its runtime plus the
 * cinema's turnover): matinee to late night, the movies rotating by screen and day so every cinema shows a mix.
 */
export function screenDay(screenIndex: number, day: number, movies: readonly SeedMovie[], turnoverMinutes: number): { movieId: string; time: string }[] {
  const shows: { movieId: string; time: string }[] = [];
  let minute = FIRST_START_MINUTE + (screenIndex % 4) * START_STEP;
  for (let k = screenIndex * 3 + day; minute <= LAST_START_MINUTE; k++) {
    const movie = movies[k % movies.length]!;
    shows.push({ movieId: movie.id, time: clock(minute) });
    const ready = minute + Math.max(movie.runtime, 1) + turnoverMinutes;
    minute = Math.ceil(ready / START_STEP) * START_STEP;
  }
  return shows;
}

/** A week of shows on every screen of every cinema, from now: each screen's days never overlap. */
async function scheduleWeek(store: Store, movies: SeedMovie[], options: SeedOptions): Promise<number> {
  if (movies.length === 0) return 0;
  // The chain the service ensures at start (composition/services.ts), here too: a test may seed before it starts.
  await store.cinemas.ensure(builtInChain());
  const chain = await store.cinemas.list();
  const byMovie = new Map<string, NewShow[]>();
  let screenIndex = 0;
  for (const cinema of chain) {
    const today = localDate(options.now, cinema.timeZone);
    for (const screen of cinema.screens) {
      const surcharge = FORMAT_SURCHARGE[screen.format] ?? 0;
      for (let day = 0; day <= DAYS_AHEAD; day++) {
        for (const { movieId, time } of screenDay(screenIndex, day, movies, cinema.turnoverMinutes)) {
          const startsAt = zonedInstant(addDays(today, day), time, cinema.timeZone);
          if (startsAt <= options.now) continue;
          const price = PRICES[movies.findIndex((m) => m.id === movieId) % PRICES.length]! + surcharge;
          const show = { startsAt, priceCents: toCents(price)!, screenId: screen.id, seatPriceCents: { premium: toCents(price + PREMIUM_SEAT_SURCHARGE)! } };
          byMovie.set(movieId, [...(byMovie.get(movieId) ?? []), show]);
        }
      }
      screenIndex++;
    }
  }
  let created = 0;
  for (const [movieId, shows] of byMovie) created += await store.shows.addMany(movieId, shows);
  return created;
}

/**
 * Makes a fresh store look alive: movies now playing with a week of shows and a
 * few paid bookings by the development accounts. On later starts it only tops
 * up the schedule when no show is left in the future.
 */
export async function seedStore(store: Store, catalog: Catalog, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  if ((await store.movies.count()) > 0) {
    if ((await store.shows.countUpcoming(options.now)) === 0) {
      const movies = await store.movies.withUpcomingShows(new Date(0));
      const created = await scheduleWeek(store, movies.slice(0, SEED_MOVIES), options);
      log(`seed: no upcoming shows were left; scheduled ${created} more`);
    }
    return;
  }

  const nowPlaying = await catalog.list('now_playing', 1);
  const seeded: SeedMovie[] = [];
  for (const summary of nowPlaying.results.slice(0, SEED_MOVIES)) {
    const movie = await movieFromCatalog(catalog, summary.id);
    if (!movie) continue;
    await store.movies.upsert(movie);
    seeded.push(movie);
  }
  const movieIds = seeded.map((movie) => movie.id);
  const created = await scheduleWeek(store, seeded, options);

  for (const account of DEV_ACCOUNTS) await store.users.upsert({ id: account.sub, name: account.name, email: account.email });
  const [moviegoer, admin] = DEV_ACCOUNTS;

  // Two past shows on the spec's hall with paid bookings (far enough apart for any runtime), and paid seats in
  // upcoming shows of that hall (the sales' seat ids are its) so seat maps show sales.
  // On the hall's cinema's clock.
  const hallZone = (await store.cinemas.list()).find((cinema) => cinema.screens.some((screen) => screen.id === DEFAULT_SCREEN_ID))?.timeZone ?? BUILT_IN_TIME_ZONE;
  const yesterday = addDays(localDate(options.now, hallZone), -1);
  const pastShows = [];
  for (const [index, movieId] of movieIds.slice(0, 2).entries()) {
    const startsAt = zonedInstant(yesterday, index === 0 ? '19:30' : '13:00', hallZone);
    await store.shows.addMany(movieId, [{ startsAt, priceCents: toCents(PRICES[index]!)! }]);
    const upcoming = await store.shows.upcomingForMovie(movieId, new Date(startsAt.getTime() - 1));
    if (upcoming[0]) pastShows.push(upcoming[0]);
  }
  const onDefaultScreen = async (id: string) => (await store.shows.upcomingForMovie(id, options.now)).filter((show) => show.screenId === DEFAULT_SCREEN_ID);
  const upcomingShows = await Promise.all(movieIds.slice(0, 3).map(onDefaultScreen));
  const sales = [
    { user: moviegoer!, show: pastShows[0], seats: ['E4', 'E5'] },
    { user: admin!, show: pastShows[1], seats: ['C1'] },
    { user: moviegoer!, show: upcomingShows[0]?.[1], seats: ['F5', 'F6'] },
    { user: admin!, show: upcomingShows[1]?.[0], seats: ['A3', 'A4', 'A5'] },
    { user: moviegoer!, show: upcomingShows[2]?.[2], seats: ['H2'] },
  ];
  let sold = 0;
  for (const [i, sale] of sales.entries()) {
    if (!sale.show) continue;
    const createdAt = new Date(options.now.getTime() - (sales.length - i) * 3 * 60 * 60 * 1000);
    const id = randomUUID();
    const result = await store.bookings.create({
      id,
      userId: sale.user.sub,
      showId: sale.show.id,
      seats: sale.seats,
      amountCents: sale.show.priceCents * sale.seats.length,
      holdExpiresAt: new Date(createdAt.getTime() + 10 * 60_000),
      paymentLink: null,
      createdAt,
      ticketCode: newTicketCode(),
    });
    if (result.ok) {
      // Sample sales: paid without an e-ticket (there is no customer to send one to), and marked so.
      await bookingTransitions(store.bookings).markSamplePaid(id, new Date(createdAt.getTime() + 60_000));
      sold++;
    }
  }
  log(`seed: ${movieIds.length} movies, ${created} upcoming shows, ${sold} paid bookings`);
}
