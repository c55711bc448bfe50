import { loadConfig } from '../../src/config/config.ts';
import { DEFAULT_SCREEN_ID } from '../../src/cinemas/built-in-chain.ts';
import type { Store } from '../../src/store/types.ts';

/**
 * Which seeded shows a test may book. The seed keeps every show that has not
 * started, so a run a few minutes before a seeded time (13:15 for the 13:30 show)
 * sees that show first while its online sales are already closed
 * (SALES_CLOSE_MINUTES before it starts). Tests that book "a show" pick one that
 * starts past the sales close with an hour's margin for a slow run, so they pass
 * at any time of day. The service's test command runs the PGlite lane in a closing
 * window to keep it so (scripts/service-tests.mjs).
 */
const BOOKABLE_LEAD_MS = (loadConfig({}).salesCloseMinutes + 60) * 60_000;

/** The earliest start of a show a test can book now and still book minutes later. */
export function bookableFrom(now = Date.now()): Date {
  return new Date(now + BOOKABLE_LEAD_MS);
}

/**
 * Seeded shows a test can book, on the spec's hall (the default screen, A-J x 9: the seat ids the tests use). The seed
 * plays every screen of the chain, one show at a time each (issue 52), so "the first show" may be on another layout.
 */
export async function bookableHallShows(store: Pick<Store, 'shows'>, from = bookableFrom()) {
  return (await store.shows.listWithSeats({ from })).filter((show) => show.screenId === DEFAULT_SCREEN_ID && show.cancelledAt === null);
}

export interface ShowSlot {
  time: string;
  showId: string;
  screenId?: string;
}

/** The first bookable slot on the spec's hall of a movie's `/api/show/:movieId` show times, with its theatre date. */
export function firstBookableSlot<S extends ShowSlot>(dateTime: Record<string, S[]>): S & { date: string } {
  const from = bookableFrom().getTime();
  for (const [date, slots] of Object.entries(dateTime)) {
    const slot = slots.find((s) => new Date(s.time).getTime() >= from && (s.screenId === undefined || s.screenId === DEFAULT_SCREEN_ID));
    if (slot) return { ...slot, date };
  }
  throw new Error('no seeded show far enough ahead to book');
}

/**
 * A running service's show on the spec's hall, as its public reads list it: the latest date's first (far from the
 * sales close). For tests that book by row and number through HTTP only (built instances); the seed plays every screen.
 */
export async function lastHallShowId(baseUrl: string): Promise<string> {
  const all = (await (await fetch(`${baseUrl}/api/show/all`)).json()) as { shows: { _id: string }[] };
  for (const movie of all.shows) {
    const detail = (await (await fetch(`${baseUrl}/api/show/${movie._id}`)).json()) as { dateTime: Record<string, { showId: string; screenId?: string }[]> };
    for (const date of Object.keys(detail.dateTime).sort().reverse()) {
      const slot = detail.dateTime[date]!.find((s) => s.screenId === undefined || s.screenId === DEFAULT_SCREEN_ID);
      if (slot) return slot.showId;
    }
  }
  throw new Error('no show on the spec\'s hall');
}
