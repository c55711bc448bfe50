import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** POST /api/booking/create (auth): holds the seats and answers the payment link. */
export const createBooking = (api: Api, input: { showId: string; seats: string[] }) => api.createBooking(input.showId, input.seats);

export function useCreateBooking() {
  const api = useApi();
  return useMutation({ mutationFn: (input: { showId: string; seats: string[] }) => createBooking(api, input) });
}

/** The seats a 409 answer names as taken. */
export function takenSeatsOf(error: unknown): string[] {
  const body = (error as { body?: { takenSeats?: unknown } } | null)?.body;
  return Array.isArray(body?.takenSeats) ? body.takenSeats.filter((s): s is string => typeof s === 'string') : [];
}
