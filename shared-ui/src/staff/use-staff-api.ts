import { useMemo } from 'react';
import { useAppConfig, useAuthState } from 'shared-ui';
import { createApi } from '../api/client';
import { staffApi, type StaffApi } from '../api/staff-client';
import { accessTokenGetter } from '../auth/access-token';

/**
 * The staff's typed calls for the signed-in user (see staffApi). The request code comes with the staff
 * remote (this module and its relative imports are bundled into it, not shared), and from the page it takes
 * only the run-time config and the sign-in state, which every shell has provided from release 0 on: a staff
 * release never needs a newer shell, whatever the shell's own API client holds.
 */
export function useStaffApi(): StaffApi {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuthState();
  return useMemo(
    () => staffApi(createApi(apiBaseUrl, accessTokenGetter(getAccessTokenSilently, auth.audience))),
    [apiBaseUrl, auth.audience, getAccessTokenSilently],
  );
}
