import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/show/now-playing: the catalogue's movies in cinemas now, to schedule. */
export const nowPlayingQueryOptions = (api: Api) => queryOptions({ queryKey: ['admin', 'now-playing'], queryFn: () => api.nowPlaying() });

export function useNowPlaying() {
  return useQuery(nowPlayingQueryOptions(useApi()));
}
