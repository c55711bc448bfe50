import { defineConfig } from 'vitest/config';

/** Unit tests of the shell's own logic: path spaces, the remote registry and its fallback. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], restoreMocks: true },
});
