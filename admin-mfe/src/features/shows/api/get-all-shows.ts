import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/admin/all-shows: upcoming shows with their seat ledgers. */
export const allShowsQueryOptions = (api: Api) => queryOptions({ queryKey: ['admin', 'all-shows'], queryFn: () => api.allShows() });

export function useAllShows() {
  return useQuery(allShowsQueryOptions(useApi()));
}
