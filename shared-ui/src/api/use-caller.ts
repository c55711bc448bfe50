import { useMemo } from 'react';
import { createCaller as pageCreateCaller, useAppConfig, useAuthState } from 'shared-ui';
import { accessTokenGetter } from '../auth/access-token';
import type { Call, GetToken } from './request';

/**
 * A caller made with the remote's own request code, loaded only under a shell whose shared-ui has no
 * createCaller (release 0's): its calls work the same, one small script later.
 */
const ownCaller: typeof pageCreateCaller = (baseUrl, getToken) => (path, options) =>
  import('./request').then(({ createCaller }) => createCaller(baseUrl, getToken)(path, options));

/**
 * The signed-in user's `call` and the service's address, for an app's own calls (customer-client.ts,
 * staff-client.ts). From the page it takes the run-time config, the sign-in state and, where the shell has it,
 * createCaller: small primitives whose shape does not change (through the package, never relatively: a second
 * copy would not see the page's providers). Catch its failures with isApiError: under an older shell they are
 * the remote's own ApiError, not the page's.
 */
export function useCaller(): { baseUrl: string; call: Call; getToken: GetToken } {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuthState();
  return useMemo(() => {
    const getToken = accessTokenGetter(getAccessTokenSilently, auth.audience);
    const createCaller = (pageCreateCaller as typeof pageCreateCaller | undefined) ?? ownCaller;
    return { baseUrl: apiBaseUrl, call: createCaller(apiBaseUrl, getToken), getToken };
  }, [apiBaseUrl, auth.audience, getAccessTokenSilently]);
}
