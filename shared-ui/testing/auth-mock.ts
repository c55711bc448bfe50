import { vi } from 'vitest';

/**
 * The sign-in state component tests render with (renderWithProviders provides
 * it as the page's AuthStateContext; the real SDK needs an identity provider).
 * Tests flip it with signIn() and signOut().
 */
export const authState = {
  isAuthenticated: false,
  isLoading: false,
  user: undefined as { name: string; email: string } | undefined,
  loginWithRedirect: vi.fn(async () => {}),
  logout: vi.fn(async () => {}),
  getAccessTokenSilently: vi.fn(async () => 'test-token'),
};

export function signIn(user = { name: 'Test User', email: 'user@example.com' }) {
  authState.isAuthenticated = true;
  authState.user = user;
}

export function signOut() {
  authState.isAuthenticated = false;
  authState.user = undefined;
}
