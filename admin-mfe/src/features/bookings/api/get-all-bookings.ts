import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

export interface BookingFilters {
  movieId?: string;
  date?: string;
  paid?: 'true' | 'false';
  page: number;
  pageSize: number;
}

export function bookingsQueryString(filters: BookingFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  if (filters.movieId) params.set('movieId', filters.movieId);
  if (filters.date) params.set('date', filters.date);
  if (filters.paid) params.set('paid', filters.paid);
  return params.toString();
}

/** GET /api/admin/all-bookings, filtered and paged on the server. */
export const allBookingsQueryOptions = (api: Api, filters: BookingFilters) =>
  queryOptions({
    queryKey: ['admin', 'all-bookings', filters],
    queryFn: () => api.allBookings(bookingsQueryString(filters)),
    placeholderData: keepPreviousData,
  });

export function useAllBookings(filters: BookingFilters) {
  return useQuery(allBookingsQueryOptions(useApi(), filters));
}
