import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminShowsRequest } from 'booking-service/contract';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/admin/shows: List Shows' page, filtered, sorted and paged on the server. */
export const adminShowsQueryOptions = (api: StaffApi, query: AdminShowsRequest) =>
  queryOptions({ queryKey: ['admin', 'shows', query], queryFn: () => api.adminShows(query), placeholderData: keepPreviousData });

export function useAdminShows(query: AdminShowsRequest) {
  return useQuery(adminShowsQueryOptions(useStaffApi(), query));
}
