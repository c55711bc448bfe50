import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

export const REPORT_DAYS = 30;

/** GET /api/admin/dashboard/sales: revenue and tickets per day, occupancy per upcoming show. */
export const salesReportQueryOptions = (api: StaffApi) =>
  queryOptions({ queryKey: ['admin', 'sales-report', REPORT_DAYS], queryFn: () => api.salesReport(REPORT_DAYS) });

export function useSalesReport() {
  return useQuery(salesReportQueryOptions(useStaffApi()));
}
