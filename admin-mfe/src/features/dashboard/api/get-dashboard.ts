import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/admin/dashboard (of one cinema when given); failures are logged with the spec's prefix. */
export const dashboardQueryOptions = (api: StaffApi, cinemaId?: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', cinemaId ?? null],
    queryFn: async () => {
      try {
        return await api.dashboard(cinemaId);
      } catch (error) {
        console.error('Error fetching dashboard data:', error);
        throw error;
      }
    },
  });

export function useDashboard(cinemaId?: string) {
  return useQuery({ ...dashboardQueryOptions(useStaffApi(), cinemaId), placeholderData: keepPreviousData });
}
