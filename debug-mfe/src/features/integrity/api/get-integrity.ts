import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffApi, type StaffApi } from 'shared-ui/staff';

/** GET /api/debug/integrity: what the integrity checks found (the public health says only up or down). */
export const integrityQueryOptions = (api: StaffApi) => queryOptions({ queryKey: ['debug', 'integrity'], queryFn: () => api.integrity(), retry: false });

export function useIntegrity() {
  return useQuery(integrityQueryOptions(useStaffApi()));
}
