import type { Show } from './show.ts';
import { localDate } from '../contract/theatre-time.ts';
import type { ShowDateTimes, ShowOnSale } from '../contract/schemas.ts';

/**
 * Groups shows by their theatre-local date: { "YYYY-MM-DD": [{ time, showId }] }, soonest first; a show
 * of an on-sale event carries its `onSale`.
 */
export function groupByLocalDate(shows: readonly Show[], timeZone: string, onSale: ReadonlyMap<string, ShowOnSale> = new Map()): ShowDateTimes {
  const grouped: ShowDateTimes = {};
  for (const show of [...shows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const date = localDate(show.startsAt, timeZone);
    const sale = onSale.get(show.id);
    (grouped[date] ??= []).push({ time: show.startsAt.toISOString(), showId: show.id, price: show.priceCents / 100, ...(sale && { onSale: sale }) });
  }
  return grouped;
}
