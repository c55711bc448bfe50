import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

/** GET /api/catalog/movie/{id}/credits: the cast. */
export const catalogCreditsQueryOptions = (api: CustomerApi, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'credits', id],
    queryFn: () => api.catalogCredits(id),
    staleTime: 5 * 60_000,
  });

export function useCatalogCredits(id: string, enabled = true) {
  return useQuery({ ...catalogCreditsQueryOptions(useCustomerApi(), id), enabled });
}
