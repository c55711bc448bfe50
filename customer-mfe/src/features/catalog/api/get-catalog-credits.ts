import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/catalog/movie/{id}/credits: the cast. */
export const catalogCreditsQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'credits', id],
    queryFn: () => api.catalogCredits(id),
    staleTime: 5 * 60_000,
  });

export function useCatalogCredits(id: string, enabled = true) {
  return useQuery({ ...catalogCreditsQueryOptions(useApi(), id), enabled });
}
