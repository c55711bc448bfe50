import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/show/now-playing: the catalogue's movies in cinemas now, to schedule. */
export const nowPlayingQueryOptions = (api: StaffApi) => queryOptions({ queryKey: ['admin', 'now-playing'], queryFn: () => api.nowPlaying() });

export function useNowPlaying() {
  return useQuery(nowPlayingQueryOptions(useStaffApi()));
}
