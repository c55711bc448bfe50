import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration files each start PGlite (about 2.5 s, a few hundred MB): run a couple at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Start the MongoDB lane's server (FerretDB, built once) and Stripe's stripe-mock (built once) for the run; see the files.
    globalSetup: ['test/support/mongodb-server.ts', 'test/support/stripe-mock-server.ts'],
  },
});
