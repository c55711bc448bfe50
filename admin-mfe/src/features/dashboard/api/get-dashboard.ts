import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/admin/dashboard; failures are logged with the spec's prefix. */
export const dashboardQueryOptions = (api: StaffApi) =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => {
      try {
        return await api.dashboard();
      } catch (error) {
        console.error('Error fetching dashboard data:', error);
        throw error;
      }
    },
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions(useStaffApi()));
}
