import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from 'shared-ui';
import { useCustomerApi } from 'shared-ui/customer';
import type { OwnBookingActionResponse } from 'booking-service/contract';
import { occupiedSeatsQueryKey } from '../../../lib/query-keys';

/**
 * What a moviegoer can do about their own booking: ask the payment provider
 * about it now (POST /api/booking/{id}/recheck-payment), or give its held seats
 * back (POST /api/booking/{id}/release), or cancel it within the cancellation
 * policy (POST /api/booking/{id}/cancel: a paid one is refunded), or give back
 * some of its seats (POST /api/booking/{id}/cancel-seats). Each refreshes
 * My Bookings and the show's seats, and says what happened in a toast.
 */
function useOwnBookingAction<Input>(call: (api: ReturnType<typeof useCustomerApi>, input: Input) => Promise<OwnBookingActionResponse>) {
  const api = useCustomerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (answer) => {
      if (answer.success) notify.success(answer.message);
      else notify(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
      void queryClient.invalidateQueries({ queryKey: occupiedSeatsQueryKey(answer.booking.show._id) });
    },
    onError: (error) => {
      notify.error(error.message || 'An error occurred. Please try again.');
      void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
    },
  });
}

export const useRecheckPayment = () => useOwnBookingAction((api, bookingId: string) => api.recheckPayment(bookingId));
export const useReleaseBooking = () => useOwnBookingAction((api, bookingId: string) => api.releaseBooking(bookingId));
export const useCancelBooking = () => useOwnBookingAction((api, bookingId: string) => api.cancelBooking(bookingId));
export const useCancelSeats = () =>
  useOwnBookingAction((api, { bookingId, seats }: { bookingId: string; seats: string[] }) => api.cancelSeats(bookingId, seats));
