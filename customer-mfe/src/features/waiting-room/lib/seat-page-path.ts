/** The query field that turns a seat page into the waiting room of the show's on-sale event. */
export const QUEUE_PARAM = 'queue';

/**
 * The waiting room of an on-sale, on the seat page it was reached from (`?show=<id>&queue=<event id>`): the
 * seat page renders the waiting room from a lazily loaded chunk of its own, so it adds no route (and no byte)
 * to the customer remote's first load.
 */
export function waitingRoomPath(eventId: string, from: { movieId: string; date: string; showId: string }): string {
  return `/movies/${from.movieId}/${from.date}?${new URLSearchParams({ show: from.showId, [QUEUE_PARAM]: eventId }).toString()}`;
}

/** The seat page behind the waiting room: the same address without `queue`. */
export function seatPagePath(pathname: string, params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  rest.delete(QUEUE_PARAM);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}
