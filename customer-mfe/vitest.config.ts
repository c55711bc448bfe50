import { defineConfig } from 'vitest/config';

/** Component tests: jsdom, network mocked with MSW, the TSX compiled with the automatic JSX runtime. */
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
