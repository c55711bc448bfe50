import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/debug/bookings and /api/debug/unpaid-bookings. */
export const debugBookingsQueryOptions = (api: Api) => queryOptions({ queryKey: ['debug', 'bookings'], queryFn: () => api.debugBookings(), retry: false });
export const unpaidBookingsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['debug', 'unpaid-bookings'], queryFn: () => api.unpaidBookings(), retry: false });

export function useDebugBookings() {
  return useQuery(debugBookingsQueryOptions(useApi()));
}

export function useUnpaidBookings() {
  return useQuery(unpaidBookingsQueryOptions(useApi()));
}

export type BookingAction = 'markPaid' | 'testEmail' | 'fixPayment';

/** Mark as Paid, Test Email and Fix Payment; every debug list refreshes afterwards. */
export function useBookingAction(action: BookingAction) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api[action](bookingId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['debug'] }),
  });
}
