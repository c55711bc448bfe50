import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { isNotFound } from '../../../lib/api-error';

/** GET /api/cinemas: the chain's cities and cinemas (screens without layouts). All of them: the page filters by city. */
const cinemasQueryOptions = (api: CustomerApi) => queryOptions({ queryKey: ['cinemas'], queryFn: () => api.cinemas(), staleTime: 5 * 60_000 });

export function useCinemas() {
  return useQuery(cinemasQueryOptions(useCustomerApi()));
}

/** GET /api/cinemas/{cinemaId}: the cinema, its screens and its upcoming shows by movie. */
export function useCinema(cinemaId: string, enabled = true) {
  const api = useCustomerApi();
  return useQuery({
    queryKey: ['cinema', cinemaId],
    queryFn: () => api.cinema(cinemaId),
    retry: (count, error) => !isNotFound(error) && count < 1,
    enabled,
  });
}
