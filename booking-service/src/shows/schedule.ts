import type { Show } from './show.ts';
import { localDate } from './time-zone.ts';
import type { ShowDateTimes } from '../contract/schemas.ts';

/** Groups shows by their theatre-local date: { "YYYY-MM-DD": [{ time, showId }] }, soonest first. */
export function groupByLocalDate(shows: readonly Show[], timeZone: string): ShowDateTimes {
  const grouped: ShowDateTimes = {};
  for (const show of [...shows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const date = localDate(show.startsAt, timeZone);
    (grouped[date] ??= []).push({ time: show.startsAt.toISOString(), showId: show.id, price: show.priceCents / 100 });
  }
  return grouped;
}
