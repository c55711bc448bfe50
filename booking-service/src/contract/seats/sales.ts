import { ALL_SEATS } from './hall.ts';

/**
 * When online sales of a show close: SALES_CLOSE_MINUTES before it starts (the service's setting,
 * in GET /api/config). The service refuses holds from then on; the customer site says so before
 * anyone tries. Shared so both count the same minute.
 */
export function salesCloseAt(startsAt: Date, salesCloseMinutes: number): Date {
  return new Date(startsAt.getTime() - salesCloseMinutes * 60_000);
}

/**
 * An on-sale event's default shopping capacity (how many shop at once): a quarter of the event's seats. A moviegoer buys up to 5 seats (about 2
 * on average), so about half the seats are being chosen at once: enough to sell fast, few enough that
 * most who are admitted still find seats.
 */
export function defaultShoppingCapacity(showCount: number): number {
  return shoppingCapacityFor(showCount * ALL_SEATS.length);
}

/**
 * The same quarter of the event's seats, counted on each show's own screen: what the service sets when
 * staff set none. defaultShoppingCapacity counts the spec's hall (the figure an Add On-Sale form shows before it
 * knows the screens).
 */
export function shoppingCapacityFor(seats: number): number {
  return Math.max(1, Math.floor(seats / 4));
}

/** An on-sale's shopping window when staff set none. */
export const DEFAULT_WINDOW_MINUTES = 10;

/** How often a waiting page asks where it stands, unless staff stretched it (the day's controls); the longest they may. */
export const QUEUE_POLL_SECONDS = 8;
export const LONGEST_POLL_SECONDS = 120;
