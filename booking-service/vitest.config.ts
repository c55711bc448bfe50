import { defineConfig } from 'vitest/config';
import { requireSupportedNodeFor } from '../scripts/node-runtime.mjs';

requireSupportedNodeFor("booking-service's tests");

/**
 * Three projects: unit tests beside their files (src/), which start nothing; the benchmarks' models beside theirs
 * (bench/: the on-sale simulation), which start nothing either; integration tests (test/), which get
 * a migrated database per lane to copy, the MongoDB lane's server (FerretDB, built once) and Stripe's stripe-mock
 * (built once) for the run. A run of unit files alone starts none of them (a project's global setup runs only when it has files to run).
 */
export default defineConfig({
  test: {
    // Integration files each start PGlite (a few hundred MB): run a couple at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // The benchmarks' own models (the on-sale simulation): pure code, no server.
      { extends: true, test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], globalSetup: ['test/support/migrated-copies.ts', 'test/support/mongodb-server.ts', 'test/support/stripe-mock-server.ts'] },
      },
    ],
  },
});
