import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportBookingsRequest } from 'booking-service/contract';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/debug/bookings: searched, filtered by view and paged on the server. */
export const supportBookingsQueryOptions = (api: StaffApi, query: SupportBookingsRequest) =>
  queryOptions({ queryKey: ['debug', 'bookings', query], queryFn: () => api.debugBookings(query), retry: false, placeholderData: keepPreviousData });

export function useSupportBookings(query: SupportBookingsRequest) {
  return useQuery(supportBookingsQueryOptions(useStaffApi(), query));
}

/** GET /api/debug/bookings/:id/history: the support actions taken on a booking, and by whom. */
export function useBookingHistory(bookingId: string) {
  const api = useStaffApi();
  return useQuery({ queryKey: ['debug', 'history', bookingId], queryFn: () => api.supportHistory(bookingId), retry: false });
}

/** A support action on one booking; every debug list (and the booking's history) refreshes afterwards. */
function useSupportAction<T>(call: (api: StaffApi, bookingId: string) => Promise<T>) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => call(api, bookingId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['debug'] }),
  });
}

export const useMarkPaid = () => useSupportAction((api, bookingId) => api.markPaid(bookingId));
export const useFixPayment = () => useSupportAction((api, bookingId) => api.fixPayment(bookingId));
export const useTestEmail = () => useSupportAction((api, bookingId) => api.testEmail(bookingId));
