import { vi } from 'vitest';

/** The signed-in state the mocked `useAuth0` answers; tests flip it with signIn()/signOut(). */
export const authState = {
  isAuthenticated: false,
  isLoading: false,
  user: undefined as { name: string; email: string } | undefined,
  loginWithRedirect: vi.fn(async () => {}),
  logout: vi.fn(async () => {}),
  getAccessTokenSilently: vi.fn(async () => 'test-token'),
};

export function signIn() {
  authState.isAuthenticated = true;
  authState.user = { name: 'Test User', email: 'user@example.com' };
}

export function signOut() {
  authState.isAuthenticated = false;
  authState.user = undefined;
}
