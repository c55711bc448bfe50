import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from 'booking-service/contract';
import type { SeatType } from 'booking-service/layout';
import type { PlacedShow } from '../../../lib/places';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { bookedSeatList } from '../lib/booked-seats';

/** A booking with what newer services add: its ticket code once paid, where its show is and its seats' types: read when present. */
export type BookingWithTicket = Booking & { ticketCode?: string | null; show: PlacedShow; seatTypes?: Record<string, SeatType> };

/** GET /api/user/bookings (auth): the caller's bookings, newest first. */
export const myBookingsQueryOptions = (api: CustomerApi) =>
  queryOptions({
    queryKey: ['my-bookings'],
    queryFn: async () => {
      const answer = await api.myBookings();
      // Spec §5: only bookings having show, movie and bookedSeats (a list or an object, §3) are displayed.
      const bookings = (answer.bookings as BookingWithTicket[])
        .map((b) => ({ ...b, bookedSeats: bookedSeatList(b.bookedSeats) }))
        .filter((b) => b.show?.movie && b.bookedSeats.length > 0);
      return { ...answer, bookings };
    },
    staleTime: 0,
  });

/** While a booking awaits payment, check again every 30 s (the service reconciles payments on that period). */
const UNPAID_RECHECK_MS = 30_000;

export function useMyBookings(enabled: boolean) {
  return useQuery({
    ...myBookingsQueryOptions(useCustomerApi()),
    enabled,
    refetchInterval: (query) => (query.state.data?.bookings.some((b) => !b.isPaid && b.status === 'held') ? UNPAID_RECHECK_MS : false),
  });
}
