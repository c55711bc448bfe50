import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';
import type { CatalogMovieSummary, CatalogPage } from '../types';

/** GET /api/catalog/movie/{id}/similar: movies like this one. */
export const catalogSimilarQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'similar', id],
    queryFn: () => api.catalog<CatalogPage<CatalogMovieSummary>>(`movie/${encodeURIComponent(id)}/similar`),
    staleTime: 5 * 60_000,
  });

export function useCatalogSimilar(id: string, enabled = true) {
  return useQuery({ ...catalogSimilarQueryOptions(useApi(), id), enabled });
}
