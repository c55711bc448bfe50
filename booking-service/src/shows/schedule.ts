import type { Show } from './show.ts';
import { localDate } from '../contract/theatre-time.ts';
import type { ShowTimePlace } from '../contract/cinemas.ts';
import type { ShowDateTimes, ShowOnSale } from '../contract/responses.ts';

/** Where a show is, for its time entry: its cinema's clock and the entry's place fields. */
export interface ShowPlacing {
  timeZone: string;
  place?: ShowTimePlace;
}

/**
 * Groups shows by their local date on their cinema's clock: { "YYYY-MM-DD": [{ time, showId, price, ...place }] },
 * soonest first; a show of an on-sale event carries its `onSale`.
 */
export function groupByLocalDate(
  shows: readonly Show[],
  placing: (show: Show) => ShowPlacing,
  onSale: ReadonlyMap<string, ShowOnSale> = new Map(),
): ShowDateTimes {
  const grouped: ShowDateTimes = {};
  for (const show of [...shows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const { timeZone, place } = placing(show);
    const date = localDate(show.startsAt, timeZone);
    const sale = onSale.get(show.id);
    (grouped[date] ??= []).push({ time: show.startsAt.toISOString(), showId: show.id, price: show.priceCents / 100, ...(sale && { onSale: sale }), ...place });
  }
  return grouped;
}
