import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from 'shared-ui';
import { useCustomerApi } from 'shared-ui/customer';
import { occupiedSeatsQueryKey } from '../../../lib/query-keys';

/**
 * What a moviegoer can do about their own booking: ask the payment provider
 * about it now (POST /api/booking/{id}/recheck-payment), or give its held seats
 * back (POST /api/booking/{id}/release), or cancel it within the cancellation
 * policy (POST /api/booking/{id}/cancel: a paid one is refunded). Each refreshes
 * My Bookings and the show's seats, and says what happened in a toast.
 */
function useOwnBookingAction(action: 'recheckPayment' | 'releaseBooking' | 'cancelBooking') {
  const api = useCustomerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api[action](bookingId),
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

export const useRecheckPayment = () => useOwnBookingAction('recheckPayment');
export const useReleaseBooking = () => useOwnBookingAction('releaseBooking');
export const useCancelBooking = () => useOwnBookingAction('cancelBooking');
