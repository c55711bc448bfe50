import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/show/all: the movies with upcoming shows. */
export const showsQueryOptions = (api: Api) => queryOptions({ queryKey: ['shows'], queryFn: () => api.showAll() });

export function useShows() {
  return useQuery(showsQueryOptions(useApi()));
}
