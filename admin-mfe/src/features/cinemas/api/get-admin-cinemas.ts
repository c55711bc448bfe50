import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/**
 * GET /api/admin/cinemas: the chain's cinemas, screens and layouts, for Add Shows' picker and the lists'
 * cinema filter. Read once per visit (the chain changes with a release, not by the minute). A service older than
 * cinemas answers 404: the pages then offer no cinema choice and work as before.
 */
export function useAdminCinemas() {
  const api = useStaffApi();
  return useQuery({ queryKey: ['admin', 'cinemas'], queryFn: () => api.adminCinemas(), staleTime: Number.POSITIVE_INFINITY, retry: false });
}
