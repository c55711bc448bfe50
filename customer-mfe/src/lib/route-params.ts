/** The shapes of the customer routes' parameters: anything else is a page that does not exist. */

/** A movie id as the service and the catalogue use it: a positive whole number ("1027"). */
export function isMovieId(id: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(id);
}

/** A real calendar date "YYYY-MM-DD" ("2026-02-30" is not one). */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A /loading/{next} target inside this site (never "//elsewhere" or a scheme). */
export function isSitePath(next: string): boolean {
  return !/^[/\\]/.test(next) && !/^[a-z][a-z0-9+.-]*:/i.test(next);
}
