import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppConfigProvider, type AppConfig } from './config/app-config';
import { AuthStateContext, LoadSignInContext, pendingAuthState, signedOutState, type AuthState } from './auth/auth-state';
import { sessionMayExist } from './auth/session-marker';
import { useToastsRequested } from './notify';

const LoadedToaster = lazy(() => import('./toaster'));

/** The SDK's chunk, fetched again after a failed attempt (a network blip must not leave the page without sign-in). */
async function importWithRetry<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

const Auth0Session = lazy(() => importWithRetry(() => import('./auth/auth0-session')));

/** If the SDK cannot load at all, the page keeps working signed out (sign-in stays "loading") instead of going blank. */
class SignInUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('[sign-in] the sign-in SDK could not be loaded', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The toaster, mounted with the toast library once a toast is asked for (notify.ts). */
export function AppToaster() {
  const requested = useToastsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * Sign-in for the page. The children render at once; the Auth0 SDK loads
 * beside them (not around them, so nothing remounts when it arrives) and
 * publishes its state here. It loads at once when a session may exist (the
 * state says "loading" meanwhile, so a signed-in user never sees the signed-out
 * navbar), and otherwise only when something asks for it (Login, a token, a
 * screen that needs an account: useAccountRequired).
 */
function AuthProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [sdkWanted, setSdkWanted] = useState(() => sessionMayExist(config.auth.clientId));
  const [sdk] = useState(() => {
    let resolve!: (state: AuthState) => void;
    const loaded = new Promise<AuthState>((r) => (resolve = r));
    const load = () => setSdkWanted(true);
    return { resolve, load, pending: pendingAuthState(loaded), signedOut: signedOutState(loaded, load) };
  });
  const [session, setSession] = useState<AuthState | null>(null);
  const publish = useCallback(
    (state: AuthState) => {
      sdk.resolve(state);
      setSession(state);
    },
    [sdk],
  );
  return (
    <AuthStateContext.Provider value={session ?? (sdkWanted ? sdk.pending : sdk.signedOut)}>
      <LoadSignInContext.Provider value={sdk.load}>{children}</LoadSignInContext.Provider>
      {sdkWanted && (
        <SignInUnavailable>
          <Suspense fallback={null}>
            <Auth0Session config={config} onChange={publish} />
          </Suspense>
        </SignInUnavailable>
      )}
    </AuthStateContext.Provider>
  );
}

/**
 * Everything a page of this product needs around its routes: configuration,
 * router, sign-in, server state and toasts. The shell uses it once for the
 * whole site; each remote uses it for its standalone page.
 */
export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppConfigProvider config={config}>
      <BrowserRouter>
        <AuthProvider config={config}>
          <QueryClientProvider client={queryClient}>
            {children}
            <AppToaster />
          </QueryClientProvider>
        </AuthProvider>
      </BrowserRouter>
    </AppConfigProvider>
  );
}
