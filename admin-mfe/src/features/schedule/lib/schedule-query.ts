import { localDate } from 'booking-service/theatre-time';
import { daysFrom } from './timeline';

export type ScheduleSpan = 'day' | 'week';

export interface ScheduleChoice {
  cinemaId: string | undefined;
  date: string | undefined;
  span: ScheduleSpan;
}

/** The page's choice as its URL keeps it (`?cinema=marquee-saket&date=2026-12-07&view=week`), so a reload or a link shows the same. */
export function scheduleChoice(params: URLSearchParams): ScheduleChoice {
  const date = params.get('date') ?? '';
  return {
    cinemaId: params.get('cinema') || undefined,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    span: params.get('view') === 'week' ? 'week' : 'day',
  };
}

/** Today on the cinema's clock: the day the page opens on. */
export function todayAt(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

/** The days a view shows: the date alone, or seven from it. */
export function daysOf(date: string, span: ScheduleSpan): string[] {
  return daysFrom(date, span === 'week' ? 7 : 1);
}

/** The date a step back or forward: a day, or a week in the week view. */
export function stepped(date: string, span: ScheduleSpan, direction: 1 | -1): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + direction * (span === 'week' ? 7 : 1))).toISOString().slice(0, 10);
}
