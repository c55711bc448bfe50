import { useMemo } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { useAppConfig } from '../config/app-config';
import { ApiError, createApi, type Api } from '../api/client';

/**
 * The typed API client for the current user: calls marked (auth) carry the
 * access token from the shared Auth0 state (the shell's Auth0Provider).
 */
export function useApi(): Api {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuth0();
  return useMemo(
    () =>
      createApi(apiBaseUrl, async () => {
        const token = await getAccessTokenSilently({ authorizationParams: { audience: auth.audience } });
        if (!token) throw new ApiError(401, 'Please login to proceed');
        return token;
      }),
    [apiBaseUrl, auth.audience, getAccessTokenSilently],
  );
}

/** The signed-in state the screens need, from the shared Auth0 state. */
export function useCurrentUser() {
  const { isAuthenticated, isLoading, user, loginWithRedirect, logout } = useAuth0();
  return {
    isAuthenticated,
    isLoading,
    name: user?.name ?? user?.email ?? '',
    email: user?.email ?? '',
    signIn: (returnTo?: string) => loginWithRedirect({ appState: { returnTo: returnTo ?? window.location.pathname + window.location.search } }),
    signOut: () => logout({ logoutParams: { returnTo: window.location.origin } }),
  };
}
