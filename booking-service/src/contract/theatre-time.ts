/**
 * Calendar dates and wall-clock times in the theatre's time zone, without a
 * date library: Intl knows every zone's offsets. Shared with the staff's
 * frontends (`booking-service/theatre-time`): times they enter are the theatre's.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

/** The theatre-local calendar date of an instant, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Offset of the zone from UTC at that instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** True when the string is a real calendar date in YYYY-MM-DD form. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toISOString().slice(0, 10) === date;
}

/**
 * The instant at which the theatre's clocks show `date` `time` (HH:MM or HH:MM:SS). In a
 * daylight-saving gap the later offset wins, as a wall clock would jump forward.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  let guess = wallAsUtc - offsetAt(new Date(wallAsUtc), timeZone);
  guess = wallAsUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** [start, end) of a theatre-local calendar date. */
export function localDayRange(date: string, timeZone: string): { from: Date; to: Date } {
  const from = zonedInstant(date, '00:00', timeZone);
  const nextDay = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1));
  return { from, to: zonedInstant(nextDay.toISOString().slice(0, 10), '00:00', timeZone) };
}

/**
 * An instant as the theatre's clocks show it, to a customer: "Nov 21, 2026, 7:30 PM" (`medium`: pages,
 * messages, the payment description), "Saturday, November 21, 2026 at 7:30 PM" (`full`: the emails).
 */
export function formatTheatreTime(instant: Date, timeZone: string, dateStyle: 'medium' | 'full' = 'medium'): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle, timeStyle: 'short', timeZone }).format(instant);
}

/**
 * The theatre's clock time of an instant, for a moment of today: "7:42 PM" (the door's "Already admitted at 7:42 PM",
 * My Bookings' "Admitted 7:42 PM"; a page that has not read the theatre's zone yet passes none: the browser's).
 */
export function formatTheatreClock(instant: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(instant);
}
