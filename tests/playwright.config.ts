import { defineConfig } from '@playwright/test';
import { urls } from './support/test-stack';

/** Two workers by default (BROWSER_WORKERS, or --workers, says how many): the global setup starts a stack for each. */
const workers = Number(process.env.BROWSER_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`BROWSER_WORKERS must be a whole number of workers (1 or more), got "${process.env.BROWSER_WORKERS}"`);

/**
 * Browser tests in the system Chromium (nothing downloads a browser), against
 * the production builds started by the same code as `npm start`, on ports of
 * their own so a running development stack is left alone: one stack per
 * worker (support/test-stack.ts), each worker's tests against its own. A
 * file's tests run in order on one worker (but waiting-room.spec.ts's, each
 * on shows of its own, which both share).
 */
export default defineConfig({
  testDir: './browser',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // This worker's stack's shell (the config is read again in each worker).
    baseURL: urls.shell,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
