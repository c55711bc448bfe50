import { useMemo } from 'react';
import { useApi } from 'shared-ui';
import { staffApi, type StaffApi } from '../api/staff-client';

/**
 * The staff's typed calls for the signed-in user (see staffApi). They need the page's API client to have
 * `call` (shells from this release on). Under an older shell the pages still render (the sign-in prompt
 * needs no call) and each call fails saying why, rather than on a missing method: the compatibility
 * contract checks exports, not a client's methods.
 */
export function useStaffApi(): StaffApi {
  const api = useApi();
  return useMemo(() => staffApi(typeof api.call === 'function' ? api : { call: shellTooOld }), [api]);
}

function shellTooOld(): Promise<never> {
  return Promise.reject(new Error('This staff release needs a newer shell: deploy the shell first (its API client has no `call`).'));
}
