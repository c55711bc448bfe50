import { z } from 'zod';
import { salesCloseAt } from '../contract/seats/sales.ts';
import { formatTheatreTime, localDate, localDayRange } from '../contract/theatre-time.ts';

/**
 * What staff may enter for an on-sale event, checked before anything is written: the time, an
 * RFC 3339 instant (zod's ISO date-time with an offset: real calendar dates, hours 00-23, seconds required)
 * from the theatre's today to `maxDaysAhead` days on; the name, printable. `new Date()` alone took
 * `2030Z`, `2026-02-30` (as 2 March), `T24:00` and year 0, which the store then could not give back.
 */

/** The span an on-sale time may fall in (ON_SALE_MAX_DAYS_AHEAD, the theatre's time zone for "today"). */
export interface OnSaleWindow {
  timeZone: string;
  maxDaysAhead: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const RFC_3339_INSTANT = z.iso.datetime({ offset: true });
/** A NUL, an escape, a line break: never part of a name staff or moviegoers read. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const DAY_MS = 86_400_000;

const ON_SALE_AT_FORMAT = 'onSaleAt must be an RFC 3339 instant with seconds and its offset, e.g. 2026-12-01T10:00:00Z or 2026-12-01T19:30:00+01:00';

export function checkOnSaleAt(text: string, now: Date, window: OnSaleWindow): Checked<Date> {
  if (!RFC_3339_INSTANT.safeParse(text).success) return { ok: false, message: ON_SALE_AT_FORMAT };
  const at = new Date(text);
  const today = localDate(now, window.timeZone);
  if (at < localDayRange(today, window.timeZone).from) {
    return { ok: false, message: `onSaleAt must not be before today (${today} in the theatre's time zone, ${window.timeZone})` };
  }
  const latest = new Date(now.getTime() + window.maxDaysAhead * DAY_MS);
  if (at > latest) return { ok: false, message: `onSaleAt must be at most ${window.maxDaysAhead} days ahead (by ${latest.toISOString()})` };
  return { ok: true, value: at };
}

/** A show of an on-sale: when it starts and the clock of its cinema. */
export interface OnSaleShow { id: string; title: string; startsAt: Date; timeZone: string }

/**
 * An on-sale opens before the online sales of each of its shows close: one opening after the close would gather a
 * queue for seats nobody can buy.
 */
export function checkOpensBeforeSalesClose(onSaleAt: Date, shows: readonly OnSaleShow[], salesCloseMinutes: number): Checked<Date> {
  for (const show of shows) {
    const closes = salesCloseAt(show.startsAt, salesCloseMinutes);
    if (onSaleAt >= closes) {
      return {
        ok: false,
        message: `onSaleAt must be before online sales of ${show.title} (${formatTheatreTime(show.startsAt, show.timeZone)}) close at ${formatTheatreTime(closes, show.timeZone)}`,
      };
    }
  }
  return { ok: true, value: onSaleAt };
}

/** The name as stored: trimmed, not blank, without control characters. */
export function checkEventName(name: string): Checked<string> {
  if (CONTROL_CHARACTER.test(name)) return { ok: false, message: 'name must not contain control characters (such as NUL or a line break)' };
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, message: 'name must not be blank' };
  return { ok: true, value: trimmed };
}

/** An account id or email support typed: control characters never reach the database (a NUL was a 500). */
export function checkAccountText(field: string, text: string): Checked<string> {
  if (CONTROL_CHARACTER.test(text)) return { ok: false, message: `${field} must not contain control characters (such as NUL)` };
  return { ok: true, value: text };
}
