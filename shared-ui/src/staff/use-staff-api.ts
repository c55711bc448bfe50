import { useMemo } from 'react';
import { useCaller } from '../api/use-caller';
import { staffApi, type StaffApi } from '../api/staff-client';

/**
 * The staff's typed calls for the signed-in user (see staffApi), made with the remote's own request code
 * (use-caller.ts): a staff release never needs a newer shell, whatever the shell's own objects hold.
 */
export function useStaffApi(): StaffApi {
  const { call } = useCaller();
  return useMemo(() => staffApi(call), [call]);
}
