import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import toast from 'react-hot-toast';
import { authState, signOut } from './auth';
import { server } from './server';

vi.mock('@auth0/auth0-react', () => ({
  useAuth0: () => authState,
  Auth0Provider: ({ children }: { children: unknown }) => children,
}));

// jsdom has no matchMedia; the screens ask it about reduced motion.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  toast.remove();
  server.resetHandlers();
  signOut();
  authState.isLoading = false;
});
afterAll(() => server.close());

// Queries retry once (like the shell's client) on failures other than 404; allow for it.
configure({ asyncUtilTimeout: 4000 });
