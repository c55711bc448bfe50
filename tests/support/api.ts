import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateBookingResponse } from 'booking-service/contract';
import { customerApi, type CustomerApi } from 'shared-ui/customer-api-client';
import { ApiError, createCaller, type Call } from 'shared-ui/request';
import { staffApi, type StaffApi } from 'shared-ui/staff-api-client';
import { STACK, stackDataDir, type BrowserStack } from './test-stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * An access token from the identity provider of `stack` (this worker's), minted by the same command as
 * `npm run token` from that stack's DATA_DIR.
 */
export function tokenFor(email: string, role?: 'admin' | 'support', stack: BrowserStack = STACK): string {
  const args = ['dist/identity/token-cli.js', email, ...(role ? ['--role', role] : [])];
  const { identity } = stack.urls;
  return execFileSync(process.execPath, args, {
    cwd: path.join(root, 'booking-service'),
    env: { ...process.env, DATA_DIR: stackDataDir(stack), AUTH_ISSUER: `${identity}/`, IDENTITY_PORT: new URL(identity).port },
    encoding: 'utf8',
  }).trim();
}

/** The frontends' typed client (shared-ui), calling the service of `stack` (this worker's) as the holder of `token`, or anonymously. */
export function apiAs(token?: string, stack: BrowserStack = STACK): CustomerApi & StaffApi & { call: Call } {
  const { service } = stack.urls;
  const call = createCaller(service, token === undefined ? undefined : async () => token);
  return { call, ...customerApi(service, call), ...staffApi(call) };
}

/**
 * Holds `seats` of a show for the holder of `token`; null when one of them was taken first (409). The tests
 * book a lot from one address, so the service's rate limit may answer 429 ("try again in N seconds"): like
 * any client, it waits that long and asks again, a few times.
 */
export async function holdIfFree(token: string, showId: string, seats: string[], attemptsLeft = 3): Promise<CreateBookingResponse | null> {
  try {
    return await apiAs(token).createBooking(showId, seats);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    if (error instanceof ApiError && error.status === 429 && attemptsLeft > 1) {
      const seconds = Number(/in (\d+) seconds?/.exec(error.message)?.[1] ?? 2);
      await new Promise((resolve) => setTimeout(resolve, (seconds + 0.5) * 1000));
      return holdIfFree(token, showId, seats, attemptsLeft - 1);
    }
    throw error;
  }
}

/** Books seats of the first upcoming show that has them free; returns the booking id and url. */
export async function bookFreeSeats(token: string, count = 2): Promise<{ bookingId: string; url: string; showId: string; seats: string[] }> {
  const anyone = apiAs();
  for (const movie of (await anyone.showAll()).shows) {
    const detail = await anyone.showDetail(movie._id);
    for (const slots of Object.values(detail.dateTime)) {
      // The spec's hall (row J's nine seats are its; the seed plays every screen of the chain).
      for (const { showId } of slots.filter((slot) => slot.screenId === undefined || slot.screenId === 'marquee-marine-drive-1')) {
        const taken = (await anyone.occupiedSeats(showId)).occupiedSeats;
        const free = ['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8', 'J9'].filter((s) => !taken.includes(s)).slice(0, count);
        if (free.length < count) continue;
        const created = await holdIfFree(token, showId, free);
        if (created) return { bookingId: created.bookingId, url: created.url, showId, seats: free };
      }
    }
  }
  throw new Error('no show with free seats');
}

/** The spec's A-J x 9 hall (Marquee Marine Drive, Screen 1) and the cinemas of the city the seat page opens on. */
export const HALL_SCREEN_ID = 'marquee-marine-drive-1';
const FIRST_CITY_CINEMAS = ['marquee-marine-drive', 'marquee-bandra-talkies'];

type Slot = { time: string; showId: string; price: number; cinemaId?: string; screenId?: string };

/**
 * A movie's dates (latest first) on which every time the seat page lists for the first city is on the spec's hall,
 * each with those times in the page's order: tests that pick a time button by its place and book seats by row and
 * number need both (the seed plays every screen of the chain, issue 52).
 */
export function hallOnlyDates(dateTime: Record<string, Slot[]>): { date: string; slots: Slot[] }[] {
  return Object.keys(dateTime)
    .sort()
    .reverse()
    .map((date) => ({ date, slots: dateTime[date]!.filter((slot) => slot.cinemaId === undefined || FIRST_CITY_CINEMAS.includes(slot.cinemaId)) }))
    .filter(({ slots }) => slots.length > 0 && slots.every((slot) => slot.screenId === undefined || slot.screenId === HALL_SCREEN_ID))
    .map(({ date, slots }) => ({ date, slots: [...slots].sort((a, b) => a.time.localeCompare(b.time)) }));
}
