import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllBookingsRequest } from 'booking-service/contract';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

export interface BookingFilters {
  movieId?: string;
  cinemaId?: string;
  date?: string;
  paid?: 'true' | 'false';
  /** Search: part of a ticket code, a customer's name or email, or a movie title (the service searches every booking). */
  q?: string;
  page: number;
  pageSize: number;
}

/** The screen's filters as the call's query (empty filters left out). */
function bookingsQuery(filters: BookingFilters): AllBookingsRequest {
  return {
    page: String(filters.page),
    pageSize: String(filters.pageSize),
    movieId: filters.movieId || undefined,
    cinemaId: filters.cinemaId || undefined,
    date: filters.date || undefined,
    paid: filters.paid || undefined,
    q: filters.q || undefined,
  };
}

/** The list's filters without its page: the export holds every booking they match. */
export function bookingsExportQuery({ movieId, cinemaId, date, paid, q }: BookingFilters): Record<string, string | undefined> {
  return { movieId, cinemaId, date, paid, q };
}

/** GET /api/admin/all-bookings, filtered and paged on the server. */
export const allBookingsQueryOptions = (api: StaffApi, filters: BookingFilters) =>
  queryOptions({
    queryKey: ['admin', 'all-bookings', filters],
    queryFn: () => api.allBookings(bookingsQuery(filters)),
    placeholderData: keepPreviousData,
  });

export function useAllBookings(filters: BookingFilters) {
  return useQuery(allBookingsQueryOptions(useStaffApi(), filters));
}
