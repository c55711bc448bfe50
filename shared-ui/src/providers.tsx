import { useEffect, useState, type ReactNode } from 'react';
import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { AppConfigProvider, type AppConfig } from './config/app-config';

/** Spec §9: at most 20 toasts, gutter 8, max width 350; 4000 ms blank/error/custom, 2000 ms success, loading until done. */
export const TOAST_LIMIT = 20;
export const TOAST_SETTINGS = {
  gutter: 8,
  toastOptions: {
    duration: 4000,
    style: { maxWidth: '350px', background: '#27272a', color: '#f4f4f5' },
    success: { duration: 2000 },
    error: { duration: 4000 },
    loading: { duration: Number.POSITIVE_INFINITY },
    custom: { duration: 4000 },
  },
} as const;

/** Dismisses the oldest visible toasts beyond the limit. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function AppToaster() {
  return (
    <>
      <Toaster position="top-center" {...TOAST_SETTINGS} />
      <ToastLimit />
    </>
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** Auth0 with the run-time settings; after sign-in, returns to where the user was. */
function AuthProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const navigate = useNavigate();
  const domain = config.auth.domain;
  return (
    <Auth0Provider
      domain={domain}
      clientId={config.auth.clientId}
      authorizationParams={{ redirect_uri: window.location.origin, audience: config.auth.audience, scope: 'openid profile email offline_access' }}
      // Refresh tokens and a persistent cache keep the user signed in across reloads without third-party cookies.
      useRefreshTokens
      useRefreshTokensFallback
      cacheLocation="localstorage"
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/', { replace: true })}
    >
      {children}
    </Auth0Provider>
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
