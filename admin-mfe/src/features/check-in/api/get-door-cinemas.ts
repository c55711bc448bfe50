import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/**
 * The chain's cinemas for the door's choice (GET /api/cinemas, the public list: a door attendant is not an admin).
 * Read once per visit. A service older than cinemas answers 404: the screen then asks for the door alone and
 * scans as before, with no cinema check.
 */
export function useDoorCinemas() {
  const api = useStaffApi();
  const answer = useQuery({ queryKey: ['admin', 'check-in', 'cinemas'], queryFn: () => api.cinemas(), staleTime: Number.POSITIVE_INFINITY, retry: false });
  return { cinemas: answer.data?.cinemas ?? [], loading: answer.isPending };
}
