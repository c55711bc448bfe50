/**
 * The calendar date of an instant in a time zone (the theatre's), as the site's URLs write it: "2026-11-21".
 * Not in shared-ui's shared entry: the shell would carry it on every first visit, and a remote importing a new
 * shared export needs a new shell. Remotes import it from 'shared-ui/calendar-date', bundled into them.
 */
export function calendarDateIn(iso: string, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}
