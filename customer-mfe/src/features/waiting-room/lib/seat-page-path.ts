import { isCalendarDate, isMovieId } from '../../../lib/route-params';

/** The waiting page of an on-sale, remembering the seat page it was reached from (to go back to when admitted). */
export function waitingRoomPath(eventId: string, from: { movieId: string; date: string; showId: string }): string {
  return `/waiting-room/${encodeURIComponent(eventId)}?${new URLSearchParams({ movie: from.movieId, date: from.date, show: from.showId }).toString()}`;
}

/** The seat page the waiting page was reached from, or null when its link did not name a valid one. */
export function seatPagePath(params: URLSearchParams): string | null {
  const movie = params.get('movie') ?? '';
  const date = params.get('date') ?? '';
  const show = params.get('show') ?? '';
  if (!isMovieId(movie) || !isCalendarDate(date) || !/^[0-9a-f-]{36}$/.test(show)) return null;
  return `/movies/${movie}/${date}?show=${show}`;
}
