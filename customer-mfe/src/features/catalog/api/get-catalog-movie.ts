import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { isNotFound } from '../../../lib/api-error';

/** GET /api/catalog/movie/{id}: details from the movie database. */
export const catalogMovieQueryOptions = (api: CustomerApi, id: string) =>
  queryOptions({
    queryKey: ['catalog', 'movie', id],
    queryFn: () => api.catalogMovie(id),
    staleTime: 5 * 60_000,
    // "No such movie" is an answer, not a failure worth repeating.
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

export function useCatalogMovie(id: string) {
  return useQuery(catalogMovieQueryOptions(useCustomerApi(), id));
}
