import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/debug/outbox: the emails the service sent (or stored, without SMTP). */
export const outboxQueryOptions = (api: StaffApi) => queryOptions({ queryKey: ['debug', 'outbox'], queryFn: () => api.outbox(), retry: false });

export function useOutbox() {
  return useQuery(outboxQueryOptions(useStaffApi()));
}
