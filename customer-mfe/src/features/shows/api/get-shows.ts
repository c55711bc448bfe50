import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBrowseApi, type BrowseApi } from 'shared-ui/customer/browse';
import { useErrorToast } from '../../../lib/use-error-toast';

/** GET /api/show/all: the movies with upcoming shows. */
export const showsQueryOptions = (api: BrowseApi) => queryOptions({ queryKey: ['shows'], queryFn: () => api.showAll() });

/**
 * The shows; a failure also shows the service's message as a toast (spec §8).
 * `enabled: false` waits (pending) until a part of the page below the fold is needed.
 */
export function useShows({ enabled = true }: { enabled?: boolean } = {}) {
  const shows = useQuery({ ...showsQueryOptions(useBrowseApi()), enabled });
  useErrorToast(shows.error, 'shows-error');
  return shows;
}
