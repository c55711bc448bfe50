import { defineConfig } from 'vitest/config';

/** Component tests: jsdom, the booking service mocked with MSW, the shared harness of shared-ui/testing. */
export default defineConfig({
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
