import { useMemo } from 'react';
import { useAppConfig } from '../config/app-config';
import { createApi, type Api } from '../api/client';
import { accessTokenGetter } from './access-token';
import { useAuthState } from './auth-state';

/**
 * The typed API client for the current user: calls marked (auth) carry the
 * access token from the page's sign-in state (AppProviders).
 */
export function useApi(): Api {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuthState();
  return useMemo(() => createApi(apiBaseUrl, accessTokenGetter(getAccessTokenSilently, auth.audience)), [apiBaseUrl, auth.audience, getAccessTokenSilently]);
}

/** The signed-in state the screens need. */
export function useCurrentUser() {
  const { isAuthenticated, isLoading, user, loginWithRedirect, logout } = useAuthState();
  return {
    isAuthenticated,
    isLoading,
    name: user?.name ?? user?.email ?? '',
    email: user?.email ?? '',
    signIn: (returnTo?: string) => loginWithRedirect({ appState: { returnTo: returnTo ?? window.location.pathname + window.location.search } }),
    signOut: () => logout({ logoutParams: { returnTo: window.location.origin } }),
  };
}
