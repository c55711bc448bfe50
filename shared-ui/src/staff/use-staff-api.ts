import { useMemo } from 'react';
import { useApi } from 'shared-ui';
import { staffApi, type StaffApi } from '../api/staff-client';

/** The staff's typed calls for the signed-in user (see staffApi). */
export function useStaffApi(): StaffApi {
  const api = useApi();
  return useMemo(() => staffApi(api), [api]);
}
