import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { authState, signOut } from './auth-mock';

/**
 * The hooks every component test file of a frontend needs: the test
 * identity reset, jsdom gaps filled, MSW answering as the booking service, and a
 * clean page, toasts and handlers after each test.
 */
export function installComponentTestHooks(server: SetupServer) {
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
  configure({ asyncUtilTimeout: 4000 });
}
