import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/catalog/movie/{id}/similar: movies like this one. */
export const catalogSimilarQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'similar', id],
    queryFn: () => api.catalogSimilar(id),
    staleTime: 5 * 60_000,
  });

export function useCatalogSimilar(id: string, enabled = true) {
  return useQuery({ ...catalogSimilarQueryOptions(useApi(), id), enabled });
}
