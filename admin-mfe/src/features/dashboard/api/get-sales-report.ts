import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

export const REPORT_DAYS = 30;

/** GET /api/admin/dashboard/sales: revenue and tickets per day, occupancy per upcoming show. */
export const salesReportQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'sales-report', REPORT_DAYS], queryFn: () => api.salesReport(REPORT_DAYS) });

export function useSalesReport() {
  return useQuery(salesReportQueryOptions(useApi()));
}
