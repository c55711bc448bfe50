import { defineConfig } from 'vitest/config';
import { requireSupportedNodeFor } from '../../scripts/node-runtime.mjs';

/** Component tests of a frontend: jsdom, the booking service mocked with MSW, the harness of shared-ui/testing. */
export function componentTestConfig() {
  requireSupportedNodeFor("a frontend's component tests");
  return defineConfig({
    oxc: { jsx: { runtime: 'automatic' } },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      testTimeout: 15_000,
    },
  });
}
