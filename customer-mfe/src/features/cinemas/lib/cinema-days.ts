import type { CinemaDetailResponse } from 'booking-service/contract';
import { calendarDateIn } from 'shared-ui/calendar-date';

type MovieShows = CinemaDetailResponse['shows'][number];

/**
 * A cinema's shows by day on its own clock: each day (in order) with the movies showing that day, in the answer's
 * order (by their next show), each with that day's times. Only times `bookable` says are still offered count: a
 * day whose times have all closed is not listed.
 */
export function cinemaDays(shows: readonly MovieShows[], timeZone: string, bookable: (startsAt: string) => boolean): Map<string, MovieShows[]> {
  const days = new Map<string, Map<string, MovieShows>>();
  for (const { movie, times } of shows) {
    for (const time of times) {
      if (!bookable(time.showDateTime)) continue;
      const date = calendarDateIn(time.showDateTime, timeZone);
      const movies = days.get(date) ?? new Map<string, MovieShows>();
      const entry = movies.get(movie._id) ?? { movie, times: [] };
      entry.times.push(time);
      movies.set(movie._id, entry);
      days.set(date, movies);
    }
  }
  return new Map([...days.keys()].sort().map((date) => [date, [...days.get(date)!.values()]]));
}
