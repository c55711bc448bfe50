import { useMemo } from 'react';
import { useAppConfig, useAuthState } from 'shared-ui';
import { accessTokenGetter } from '../auth/access-token';
import { createCaller, type Call, type GetToken } from './request';

/**
 * The signed-in user's `call` and the service's address, for an app's own calls (customer-client.ts,
 * staff-client.ts). This module and its request code are bundled into each app that uses them; from the page
 * they take only the run-time config and the sign-in state, which every shell has provided since release 0
 * (through the package, never relatively: a second copy would not see the page's providers).
 */
export function useCaller(): { baseUrl: string; call: Call; getToken: GetToken } {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuthState();
  return useMemo(() => {
    const getToken = accessTokenGetter(getAccessTokenSilently, auth.audience);
    return { baseUrl: apiBaseUrl, call: createCaller(apiBaseUrl, getToken), getToken };
  }, [apiBaseUrl, auth.audience, getAccessTokenSilently]);
}
