import type { ScheduleViewShow } from 'booking-service/contract';
import { localDayRange, zonedInstant } from 'booking-service/theatre-time';

const HOUR_MS = 3_600_000;
/** A day's timeline runs from 9 AM to midnight unless a show starts earlier or is still on the screen later. */
const DEFAULT_FIRST_HOUR = 9;
const DEFAULT_LAST_HOUR = 24;
/** Shorter free stretches are not worth naming: no show fits in them. */
const MIN_GAP_MS = 30 * 60_000;

/** The stretch of one day a timeline row draws, on the cinema's clock, in whole hours. */
export interface TimelineWindow {
  from: number;
  to: number;
}

/** The hours every row of a view draws (from, to; to may pass 24): the default hours and every show of the days. */
export function viewHours(dates: readonly string[], timeZone: string, shows: readonly Pick<ScheduleViewShow, 'startsAt' | 'readyAt'>[]): { first: number; last: number } {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const date of dates) {
    const day = localDayRange(date, timeZone);
    for (const show of shows) {
      const start = Date.parse(show.startsAt);
      const ready = Date.parse(show.readyAt);
      // A late show is drawn on the day it starts (the row runs past midnight), not at the next day's small hours.
      if (start < day.from.getTime() || start >= day.to.getTime()) continue;
      first = Math.min(first, Math.floor((start - day.from.getTime()) / HOUR_MS));
      last = Math.max(last, Math.ceil((ready - day.from.getTime()) / HOUR_MS));
    }
  }
  return { first, last };
}

/** One day's stretch of a view, from its first to its last hour on the cinema's wall clock (a daylight-saving day's too). */
export function dayWindow(date: string, timeZone: string, hours: { first: number; last: number }): TimelineWindow {
  return { from: wallHour(date, hours.first, timeZone), to: wallHour(date, hours.last, timeZone) };
}

/** The instant the cinema's clocks show `hour` o'clock of `date` (24 and on: the next day's). */
function wallHour(date: string, hour: number, timeZone: string): number {
  const day = daysFrom(date, Math.floor(hour / 24) + 1).at(-1)!;
  return zonedInstant(day, `${String(hour % 24).padStart(2, '0')}:00`, timeZone).getTime();
}

/** The shows of a row that the window shows any of, soonest first. */
export function showsIn(window: TimelineWindow, shows: readonly ScheduleViewShow[]): ScheduleViewShow[] {
  return shows.filter((show) => Date.parse(show.readyAt) > window.from && Date.parse(show.startsAt) < window.to).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Where a stretch sits in the window, as percentages of its width (cut to the window). */
export function placement(window: TimelineWindow, from: number, to: number): { left: number; width: number } {
  const span = window.to - window.from;
  const start = Math.max(from, window.from);
  const end = Math.min(to, window.to);
  return { left: ((start - window.from) / span) * 100, width: (Math.max(0, end - start) / span) * 100 };
}

export type TimelineItem = { kind: 'show'; show: ScheduleViewShow } | { kind: 'gap'; from: number; to: number };

/**
 * A row's shows and the free stretches between them (from the window's start, between one show's ready-again
 * and the next start, to the window's end): staff see where another show fits. Cancelled shows free their time.
 */
export function timelineItems(window: TimelineWindow, shows: readonly ScheduleViewShow[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let free = window.from;
  for (const show of showsIn(window, shows)) {
    items.push({ kind: 'show', show });
    if (show.cancelled) continue;
    const start = Date.parse(show.startsAt);
    if (start - free >= MIN_GAP_MS) items.splice(items.length - 1, 0, { kind: 'gap', from: free, to: start });
    free = Math.max(free, Date.parse(show.readyAt));
  }
  if (window.to - free >= MIN_GAP_MS) items.push({ kind: 'gap', from: free, to: window.to });
  return items;
}

/** The hour marks of a window (instants), for the axis. */
export function hourMarks(window: TimelineWindow): number[] {
  const marks: number[] = [];
  for (let t = window.from; t <= window.to; t += HOUR_MS) marks.push(t);
  return marks;
}

/** The days from `date` on, `count` of them ("2026-12-07", …). */
export function daysFrom(date: string, count: number): string[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

export type SaleState = 'cancelled' | 'closed' | 'on-sale-soon' | 'selling' | 'sold-out';

/** What staff need to know of a show's sales at a glance; sales close `salesCloseMinutes` before it starts. */
export function saleState(show: ScheduleViewShow, now: number, salesCloseMinutes: number): SaleState {
  if (show.cancelled) return 'cancelled';
  if (Date.parse(show.startsAt) - salesCloseMinutes * 60_000 <= now) return 'closed';
  if (show.soldSeats >= show.totalSeats) return 'sold-out';
  if (show.onSale && Date.parse(show.onSale.at) > now) return 'on-sale-soon';
  return 'selling';
}

export const SALE_STATE_LABELS: Record<SaleState, string> = {
  cancelled: 'Cancelled',
  closed: 'Sales closed',
  'on-sale-soon': 'On-sale event',
  selling: 'Selling',
  'sold-out': 'Sold out',
};
