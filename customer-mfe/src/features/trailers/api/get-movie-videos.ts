import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

/** GET /api/catalog/movie/{id}/videos: trailers of a movie. */
export const movieVideosQueryOptions = (api: CustomerApi, movieId: string) =>
  queryOptions({
    queryKey: ['catalog', 'videos', movieId],
    queryFn: () => api.catalogVideos(movieId),
    staleTime: 5 * 60_000,
  });

/** The videos of one movie, fetched only once `enabled` (the trailer is shown). */
export function useMovieVideos(movieId: string, enabled: boolean) {
  return useQuery({ ...movieVideosQueryOptions(useCustomerApi(), movieId), enabled });
}

/** The videos of several movies at once. */
export function useMoviesVideos(movieIds: string[]) {
  const api = useCustomerApi();
  return useQueries({ queries: movieIds.map((id) => movieVideosQueryOptions(api, id)) });
}
