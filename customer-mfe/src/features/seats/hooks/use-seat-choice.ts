import { useCallback, useMemo } from 'react';
import { MAX_SEATS_PER_BOOKING } from 'booking-service/hall';
import { ANY_SEAT_ID_PATTERN } from 'booking-service/layout';
import { useComposedSearchParams } from 'shared-ui/search-params';

const SHOW = 'show';
const SEATS = 'seats';
const seatId = new RegExp(ANY_SEAT_ID_PATTERN);

/**
 * The moviegoer's choice on the seat page, kept in the URL (`?show=<id>&seats=A1,A2`) so a reload or
 * a shared link keeps the chosen time and seats. A show not of this date (`showIds`) or a malformed
 * seat in the URL is ignored, not trusted (a seat the show's screen lacks: by the page, which knows the screen). Changes replace the history entry: Back leaves the page.
 */
export function useSeatChoice(showIds: readonly string[]) {
  // Composed: a seat tapped before the last tap's render still adds to it.
  const [params, changeParams] = useComposedSearchParams();
  const rawShow = params.get(SHOW);
  const showId = rawShow && showIds.includes(rawShow) ? rawShow : null;
  const rawSeats = params.get(SEATS) ?? '';
  const seats = useMemo(
    () => (showId ? [...new Set(rawSeats.split(',').filter((s) => seatId.test(s)))].slice(0, MAX_SEATS_PER_BOOKING) : []),
    [showId, rawSeats],
  );

  const update = useCallback(
    (change: (seats: string[], current: URLSearchParams) => { show?: string; seats: string[] }) =>
      changeParams(
        (current) => {
          const next = new URLSearchParams(current);
          const chosen = (current.get(SEATS) ?? '').split(',').filter(Boolean);
          const { show, seats: after } = change(chosen, current);
          if (show) next.set(SHOW, show);
          if (after.length > 0) next.set(SEATS, after.join(','));
          else next.delete(SEATS);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [changeParams],
  );

  // Seats belong to one show: picking another time starts afresh.
  const selectShow = useCallback((id: string) => update((chosen, current) => ({ show: id, seats: current.get(SHOW) === id ? chosen : [] })), [update]);
  /** The whole selection at once (the page applies the screen's rule: seat-layout.ts's toggleInLayout). */
  const setSeats = useCallback((seats: readonly string[]) => update(() => ({ seats: [...seats] })), [update]);
  const removeSeats = useCallback((gone: readonly string[]) => update((chosen) => ({ seats: chosen.filter((s) => !gone.includes(s)) })), [update]);

  return { showId, seats, selectShow, setSeats, removeSeats };
}
