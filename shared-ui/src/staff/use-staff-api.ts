import { useMemo } from 'react';
import { useApi } from 'shared-ui';
import { staffApi, type StaffApi } from '../api/staff-client';

/**
 * The staff's typed calls for the signed-in user (see staffApi). They need the page's API client to have
 * `call` (shells from this release on): under an older shell the page says so, rather than fail on a
 * missing method later. The compatibility contract checks exports, not a client's methods.
 */
export function useStaffApi(): StaffApi {
  const api = useApi();
  if (typeof api.call !== 'function') throw new Error('This staff release needs a newer shell: deploy the shell first (its API client lacks `call`).');
  return useMemo(() => staffApi(api), [api]);
}
