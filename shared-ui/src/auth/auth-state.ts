import { createContext, useContext, useLayoutEffect } from 'react';
import type { Auth0ContextInterface } from '@auth0/auth0-react';

/**
 * The sign-in state every screen reads. The Auth0 SDK behind it
 * (auth0-session.tsx) loads only when a session may exist (session-marker.ts)
 * or someone signs in; until then the state says "signed out", and while it
 * loads "loading", and calls wait for it.
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

/** Asks for the SDK (AppProviders); without a provider (component tests) there is nothing to load. */
export const LoadSignInContext = createContext<() => void>(() => {});

/**
 * For screens that need an account: loads the SDK at once, so a session only
 * the identity provider knows of (signed in on another of our origins) is found
 * by silent sign-in. Before the browser paints, so the sign-in prompt never
 * flashes: the state turns to "loading" first.
 */
export function useAccountRequired(): void {
  const loadSignIn = useContext(LoadSignInContext);
  useLayoutEffect(() => loadSignIn(), [loadSignIn]);
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

/**
 * The state of a visitor with no session, before the SDK was needed: signed
 * out, and every call first asks for the SDK (`wantSdk`), then waits for it.
 */
export function signedOutState(session: Promise<AuthState>, wantSdk: () => void): AuthState {
  const pending = pendingAuthState(session);
  const needingSdk =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    (...args: Args) => {
      wantSdk();
      return call(...args);
    };
  return {
    ...pending,
    isLoading: false,
    getAccessTokenSilently: needingSdk(pending.getAccessTokenSilently) as AuthState['getAccessTokenSilently'],
    loginWithRedirect: needingSdk(pending.loginWithRedirect),
    logout: needingSdk(pending.logout),
  };
}
