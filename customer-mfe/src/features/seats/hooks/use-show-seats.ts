import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { CreateBookingResponse, OccupiedSeatsResponse } from 'booking-service/contract';
import { salesCloseAt } from 'booking-service/sales';
import { useCurrentUser } from 'shared-ui';
import type { SeatsAnswer, ShowTime } from '../../../lib/places';
import type { BookingInput } from '../api/create-booking';
import { useCheckout } from './use-checkout';
import { useLiveSeats } from './use-live-seats';
import { useScreen } from './use-screen';

/**
 * What a waiting room says about the chosen show's seats (features/waiting-room's useSeatAdmission; the seat page
 * passes it in): the event that gates them once on sale, the one not on sale yet, the one to queue in first, and,
 * once admitted, the token with the seat list's read and the booking that send it.
 */
export type SeatAccess = {
  gatedEvent: string | null;
  preSaleEvent: string | null;
  queueEvent: string | null;
  admission: string | null;
  readSeats?: (showId: string) => Promise<OccupiedSeatsResponse>;
  book?: (input: BookingInput) => Promise<CreateBookingResponse>;
};

type Options = {
  showId: string | null;
  chosen: ShowTime | null;
  /** The seats the link names; those the show's screen lacks are ignored. */
  picked: readonly string[];
  now: number;
  access: SeatAccess;
  removeSeats: (seats: string[]) => void;
  timeZone: string | undefined;
  salesCloseMinutes: number;
};

/**
 * The chosen show's seats on the seat page: the taken seats kept live (read only when the waiting room lets this
 * moviegoer in), its screen, the chosen seats it has, when its online sales close, and the checkout.
 */
export function useShowSeats({ showId, chosen, picked, now, access, removeSeats, timeZone, salesCloseMinutes }: Options) {
  const user = useCurrentUser();
  const location = useLocation();
  const { seats: occupiedQuery, feed } = useLiveSeats(showId, {
    read: access.readSeats,
    admission: access.admission,
    enabled: access.preSaleEvent === null && (access.gatedEvent === null || access.admission !== null),
  });
  const screen = useScreen(occupiedQuery.data as SeatsAnswer | undefined, chosen, picked);
  const selected = useMemo(() => picked.filter((seat) => screen.grid.seats.has(seat)), [picked, screen.grid]);
  const clock = screen.cinema?.timeZone ?? timeZone;
  const closesAt = chosen ? salesCloseAt(new Date(chosen.time), salesCloseMinutes) : null;
  const salesClosed = closesAt !== null && closesAt.getTime() <= now;
  const checkout = useCheckout({
    signedIn: user.isAuthenticated,
    signIn: () => void user.signIn(`${location.pathname}${location.search}`),
    showId,
    seats: selected,
    salesClosed,
    book: access.book,
    removeSeats,
    refetchSeats: () => void occupiedQuery.refetch(),
  });
  return { showId, chosen, occupiedQuery, feed, screen, selected, clock, closesAt, salesClosed, ...checkout };
}
