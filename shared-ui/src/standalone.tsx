import { StrictMode, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from './config/app-config';
import { AppProviders } from './providers';
import { useAuthState } from './auth/auth-state';

/**
 * Mounts a remote on its own page (for its team, without the shell): the same
 * providers and run-time configuration as in the shell, with a <main> landmark.
 */
export async function mountStandalone(content: ReactNode, rootId = 'root'): Promise<void> {
  const config = await loadAppConfig();
  createRoot(document.getElementById(rootId)!).render(
    <StrictMode>
      <AppProviders config={config}>
        <main id="main">{content}</main>
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * Redirects once sign-in has settled: on the return from the identity provider
 * the address still carries `code` and `state`, which the SDK must read first.
 */
export function RedirectWhenSignedInSettled({ to }: { to: string }) {
  const { isLoading } = useAuthState();
  return isLoading ? null : <Navigate to={to} replace />;
}
