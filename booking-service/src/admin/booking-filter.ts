import type { BookingFilter } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { AllBookingsRequest } from '../contract/schemas.ts';
import { isCalendarDate, localDayRange } from '../contract/theatre-time.ts';
import { badRequest } from '../http/errors.ts';

const FIRST_DATE = '1970-01-01';
const LAST_DATE = '2999-12-31';

/** A show date of a query as the instants of that day. */
export type DayRange = (date: string) => { from: Date; to: Date };

/** A date of a query as the instants of that day in `timeZone`; a date that is not one is refused (400). */
export function showDayRange(timeZone: string): DayRange {
  return (date) => {
    if (!isCalendarDate(date)) throw badRequest(`date ${date} is not a calendar date`);
    // Far dates cannot hold shows, and the day after 9999-12-31 has no YYYY-MM-DD form.
    if (date < FIRST_DATE || date > LAST_DATE) throw badRequest(`date must be from ${FIRST_DATE} to ${LAST_DATE}`);
    return localDayRange(date, timeZone);
  };
}

/**
 * The clock a query's dates (`date`, `from`, `to`) are read on: its cinema's, or its screen's cinema's;
 * `fallback` (THEATRE_TIMEZONE) for a query naming neither, or one the chain does not have.
 */
function queryTimeZone(query: { cinemaId?: string; screenId?: string }, cinemas: Pick<CinemaDirectory, 'cinema' | 'place'>, fallback: string): string {
  if (query.cinemaId) return cinemas.cinema(query.cinemaId)?.timeZone ?? fallback;
  if (query.screenId) return cinemas.place(query.screenId)?.cinema.timeZone ?? fallback;
  return fallback;
}

/** A query's dates as the instants of those days on its cinema's clock (queryTimeZone). */
export function queryDayRange(query: { cinemaId?: string; screenId?: string }, cinemas: Pick<CinemaDirectory, 'cinema' | 'place'>, fallback: string): DayRange {
  return showDayRange(queryTimeZone(query, cinemas, fallback));
}

/**
 * List Bookings' filters as the repository's (the list and its CSV export read the same): null when the query names
 * a cinema the chain does not have, so nothing matches.
 */
export function bookingFilterOf(query: Omit<AllBookingsRequest, 'page' | 'pageSize'>, dayRange: DayRange, cinemas: Pick<CinemaDirectory, 'cinema'>): BookingFilter | null {
  const filter: BookingFilter = {};
  if (query.movieId) filter.movieId = query.movieId;
  if (query.paid) filter.isPaid = query.paid === 'true';
  if (query.date) filter.showsBetween = dayRange(query.date);
  if (query.q?.trim()) filter.search = query.q.trim();
  if (query.cinemaId) {
    const cinema = cinemas.cinema(query.cinemaId);
    if (!cinema) return null;
    filter.screenIds = cinema.screens.map((screen) => screen.id);
  }
  return filter;
}
