import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

/** GET /api/catalog/movie/{id}/similar: movies like this one. */
export const catalogSimilarQueryOptions = (api: CustomerApi, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'similar', id],
    queryFn: () => api.catalogSimilar(id),
    staleTime: 5 * 60_000,
  });

export function useCatalogSimilar(id: string, enabled = true) {
  return useQuery({ ...catalogSimilarQueryOptions(useCustomerApi(), id), enabled });
}
