import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/** How often a door count is read again while shown: other doors admit too. */
export const COUNT_REFRESH_MS = 10_000;

export const showCountKey = (showId: string) => ['admin', 'check-in', 'count', showId];

/** A show's tickets admitted of sold, read every ~10 s (and again after each admission: use-check-in.ts). */
export function useShowCount(showId: string | null) {
  const api = useStaffApi();
  return useQuery({
    queryKey: showCountKey(showId ?? ''),
    queryFn: () => api.showCount(showId!),
    enabled: showId !== null,
    refetchInterval: COUNT_REFRESH_MS,
  });
}
