import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppConfigProvider, AppToaster, type AppConfig } from '../src/index';
import { AuthStateContext, type AuthState } from '../src/auth/auth-state';
import { authState } from './auth-mock';

export const TEST_API = 'http://api.test';

export const testConfig: AppConfig = {
  apiBaseUrl: TEST_API,
  imageBaseUrl: `${TEST_API}/api/images`,
  auth: { domain: 'http://identity.test', clientId: 'test', audience: 'https://movie-app/api' },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a screen at `route` with configuration, router, sign-in state, server state and toasts, as the shell provides them. */
export function renderWithProviders(ui: ReactElement, route = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const result = render(
    <AppConfigProvider config={testConfig}>
      <MemoryRouter initialEntries={[route]}>
        <AuthStateContext.Provider value={authState as unknown as AuthState}>
          <QueryClientProvider client={queryClient}>
            {ui}
            <LocationProbe />
            <AppToaster />
          </QueryClientProvider>
        </AuthStateContext.Provider>
      </MemoryRouter>
    </AppConfigProvider>,
  );
  return { ...result, queryClient };
}

/** Where the router is now. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
