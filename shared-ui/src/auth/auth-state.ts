import { createContext, useContext } from 'react';
import type { Auth0ContextInterface } from '@auth0/auth0-react';

/**
 * The sign-in state every screen reads. The Auth0 SDK behind it is loaded after
 * the first render (auth0-session.tsx), so pages paint without waiting for it;
 * until it has loaded, the state says "loading" and calls wait for it.
 */
export type AuthState = Pick<
  Auth0ContextInterface,
  'isLoading' | 'isAuthenticated' | 'user' | 'getAccessTokenSilently' | 'loginWithRedirect' | 'logout'
>;

export const AuthStateContext = createContext<AuthState | null>(null);

export function useAuthState(): AuthState {
  const state = useContext(AuthStateContext);
  if (!state) throw new Error('useAuthState needs <AppProviders> (or the test harness) around it');
  return state;
}

/** The state before the SDK has loaded: loading, and every call waits for the SDK's answer. */
export function pendingAuthState(session: Promise<AuthState>): AuthState {
  return {
    isLoading: true,
    isAuthenticated: false,
    user: undefined,
    getAccessTokenSilently: ((options?: Parameters<AuthState['getAccessTokenSilently']>[0]) =>
      session.then((auth) => auth.getAccessTokenSilently(options as never))) as AuthState['getAccessTokenSilently'],
    loginWithRedirect: (options) => session.then((auth) => auth.loginWithRedirect(options)),
    logout: (options) => session.then((auth) => auth.logout(options)),
  };
}
