/**
 * A `timestamptz` as PostgreSQL writes it in text (DateStyle ISO: `2026-12-01 10:00:00.123456+00`, `... BC`,
 * `infinity`), read exactly: `new Date()` of that text takes year 0001 for 2001 and gives an Invalid Date for
 * a BC year, whose `toISOString()` then throws on every read. Anything that is not a finite AD
 * instant comes back as an Invalid Date, for the caller to report rather than show.
 */
const POSTGRES_TIMESTAMPTZ = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\.\d+)?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;

export function postgresInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  const match = POSTGRES_TIMESTAMPTZ.exec(value);
  if (!match) return new Date(Number.NaN);
  const [, year, month, day, hours, minutes, seconds, fraction, sign, offsetHours, offsetMinutes = '0', offsetSeconds = '0'] = match;
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0-99 to 1900-1999.
  at.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  at.setUTCHours(Number(hours), Number(minutes), Number(seconds), Math.floor(Number(fraction ?? 0) * 1000));
  const offsetMs = (Number(offsetHours) * 3600 + Number(offsetMinutes) * 60 + Number(offsetSeconds)) * 1000;
  return new Date(at.getTime() - (sign === '+' ? offsetMs : -offsetMs));
}
