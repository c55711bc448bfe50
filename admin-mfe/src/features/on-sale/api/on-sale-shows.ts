import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminShowsRequest } from 'booking-service/contract';
import { useStaffApi } from 'shared-ui/staff';

/** GET /api/admin/shows as the picker and the live panel ask it (a title search and a page; an event's ids). */
export function useOnSaleShows(query: AdminShowsRequest) {
  const api = useStaffApi();
  return useQuery({ queryKey: ['admin', 'shows', query], queryFn: () => api.adminShows(query), placeholderData: keepPreviousData });
}
