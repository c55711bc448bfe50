import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import type { CatalogListKind } from 'booking-service/contract';

/** GET /api/catalog/movie/{now_playing|upcoming|top_rated|popular} (page 1). */
export const catalogListQueryOptions = (api: CustomerApi, kind: CatalogListKind) =>
  queryOptions({
    queryKey: ['catalog', 'list', kind],
    queryFn: () => api.catalogList(kind),
    staleTime: 5 * 60_000,
  });

export function useCatalogList(kind: CatalogListKind) {
  return useQuery(catalogListQueryOptions(useCustomerApi(), kind));
}
