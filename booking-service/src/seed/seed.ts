import { randomUUID } from 'node:crypto';
import type { Catalog } from '../catalog/types.ts';
import { toCents } from '../contract/money.ts';
import { newTicketCode } from '../bookings/ticket-code.ts';
import { localDate, zonedInstant } from '../contract/theatre-time.ts';
import { DEV_ACCOUNTS } from '../identity/dev-accounts.ts';
import type { Store } from '../store/types.ts';
import { bookingTransitions } from '../bookings/transitions.ts';
import { movieFromCatalog } from '../shows/import-movie.ts';

const SEED_MOVIES = 8;
const DAYS_AHEAD = 7;
const SHOW_TIMES = ['10:00', '13:30', '16:45', '19:30', '22:15'];
const PRICES = [12, 14.5, 9.99, 16, 11.25, 18.5, 13, 10.5];
const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedOptions { now: Date; timeZone: string; log?: (message: string) => void }

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Three of the day's show times, rotating per movie so the schedule varies. */
function timesFor(movieIndex: number): string[] {
  return [0, 1, 2].map((k) => SHOW_TIMES[(movieIndex + k * 2) % SHOW_TIMES.length]!).sort();
}

async function scheduleWeek(store: Store, movieIds: string[], options: SeedOptions): Promise<number> {
  const today = localDate(options.now, options.timeZone);
  let created = 0;
  for (const [index, movieId] of movieIds.entries()) {
    const shows = [];
    for (let day = 0; day <= DAYS_AHEAD; day++) {
      for (const time of timesFor(index)) {
        const startsAt = zonedInstant(addDays(today, day), time, options.timeZone);
        if (startsAt > options.now) shows.push({ startsAt, priceCents: toCents(PRICES[index % PRICES.length]!)! });
      }
    }
    created += await store.shows.addMany(movieId, shows);
  }
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
      const created = await scheduleWeek(store, movies.slice(0, SEED_MOVIES).map((m) => m.id), options);
      log(`seed: no upcoming shows were left; scheduled ${created} more`);
    }
    return;
  }

  const nowPlaying = await catalog.list('now_playing', 1);
  const movieIds: string[] = [];
  for (const summary of nowPlaying.results.slice(0, SEED_MOVIES)) {
    const movie = await movieFromCatalog(catalog, summary.id);
    if (!movie) continue;
    await store.movies.upsert(movie);
    movieIds.push(movie.id);
  }
  const created = await scheduleWeek(store, movieIds, options);

  for (const account of DEV_ACCOUNTS) await store.users.upsert({ id: account.sub, name: account.name, email: account.email });
  const [moviegoer, admin] = DEV_ACCOUNTS;

  // Two past shows with paid bookings, and paid seats in upcoming shows so seat maps show sales.
  const yesterday = addDays(localDate(options.now, options.timeZone), -1);
  const pastShows = [];
  for (const [index, movieId] of movieIds.slice(0, 2).entries()) {
    const startsAt = zonedInstant(yesterday, index === 0 ? '19:30' : '16:45', options.timeZone);
    await store.shows.addMany(movieId, [{ startsAt, priceCents: toCents(PRICES[index]!)! }]);
    const upcoming = await store.shows.upcomingForMovie(movieId, new Date(startsAt.getTime() - 1));
    if (upcoming[0]) pastShows.push(upcoming[0]);
  }
  const upcomingShows = await Promise.all(movieIds.slice(0, 3).map((id) => store.shows.upcomingForMovie(id, options.now)));
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
