import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';
import { devUrls } from './support/dev-stack';

/**
 * The dev servers' tests (tests/dev/): the same browser as the other browser tests, against `npm run dev`'s
 * servers (hot reload) started on ports of their own by support/dev-setup.ts instead of the production builds.
 * `npx playwright test -c playwright.dev.config.ts`.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './dev',
  globalSetup: './support/dev-setup.ts',
  // One file, one set of dev servers.
  workers: 1,
  // A dev server compiles a page's code when first asked, and again after each edit.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: { ...baseConfig.use, baseURL: devUrls.shell },
});
