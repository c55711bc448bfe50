import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { useErrorToast } from '../../../lib/use-error-toast';

/** GET /api/show/all: the movies with upcoming shows. */
export const showsQueryOptions = (api: CustomerApi) => queryOptions({ queryKey: ['shows'], queryFn: () => api.showAll() });

/**
 * The shows; a failure also shows the service's message as a toast (spec §8).
 * `enabled: false` waits (pending) until a part of the page below the fold is needed.
 */
export function useShows({ enabled = true }: { enabled?: boolean } = {}) {
  const shows = useQuery({ ...showsQueryOptions(useCustomerApi()), enabled });
  useErrorToast(shows.error, 'shows-error');
  return shows;
}
