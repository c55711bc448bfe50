import { defineConfig } from '@playwright/test';
import { urls } from './support/test-stack';

/**
 * Browser tests in the system Chromium (nothing downloads a browser), against
 * the production builds started by the same code as `npm start`, on ports of
 * their own so a running development stack is left alone.
 */
export default defineConfig({
  testDir: './browser',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: urls.shell,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
