import { useMutation } from '@tanstack/react-query';
import type { CreateBookingResponse } from 'booking-service/contract';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

export type BookingInput = { showId: string; seats: string[] };

/** POST /api/booking/create (auth): holds the seats and answers the payment link. */
export const createBooking = (api: CustomerApi, input: BookingInput) => api.createBooking(input.showId, input.seats);

/** `book` replaces the call (an admitted moviegoer's, sending the admission token). */
export function useCreateBooking(book?: (input: BookingInput) => Promise<CreateBookingResponse>) {
  const api = useCustomerApi();
  return useMutation({ mutationFn: (input: BookingInput) => (book ? book(input) : createBooking(api, input)) });
}

/** The seats a 409 answer names as taken. */
export function takenSeatsOf(error: unknown): string[] {
  const body = (error as { body?: { takenSeats?: unknown } } | null)?.body;
  return Array.isArray(body?.takenSeats) ? body.takenSeats.filter((s): s is string => typeof s === 'string') : [];
}
