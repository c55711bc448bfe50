import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { isNotFound } from '../../../lib/api-error';

/** GET /api/show/{movieId}: the movie and its show times by date. */
export const showQueryOptions = (api: CustomerApi, movieId: string) =>
  queryOptions({
    queryKey: ['show', movieId],
    queryFn: () => api.showDetail(movieId),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

export function useShow(movieId: string) {
  return useQuery(showQueryOptions(useCustomerApi(), movieId));
}
