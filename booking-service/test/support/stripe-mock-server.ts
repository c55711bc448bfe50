/**
 * Vitest global setup: Stripe's own API mock (scripts/stripe-mock.mjs), built once from
 * its Go module and cached outside the clone, started for the run on a loopback port
 * the system picks, and stopped by PID afterwards. test/payments-stripe-mock.test.ts
 * makes the Stripe adapter's every call against it.
 *
 * Where Go is missing the lane is skipped and the reason printed; a build that was
 * tried and failed fails the run (never a green lane that did not run).
 */
import type { TestProject } from 'vitest/node';
import { ensureStripeMock, STRIPE_MOCK_LABEL, startStripeMock } from '../../../scripts/stripe-mock.mjs';

export interface StripeMockLane {
  /** stripe-mock's HTTP address, or null when it is not running. */
  url: string | null;
  /** The OpenAPI specification it answers from (Stripe's), or null. */
  specPath: string | null;
  label: string;
  skipReason: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stripeMock: StripeMockLane;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const built = await ensureStripeMock({ log: (message) => console.info(`[stripe-mock lane] ${message}`) });
  if (built.skipReason !== undefined) {
    if (built.failed) throw new Error(built.skipReason);
    const skipReason = `stripe-mock lane skipped: ${built.skipReason}`;
    console.warn(skipReason);
    project.provide('stripeMock', { url: null, specPath: null, label: STRIPE_MOCK_LABEL, skipReason });
    return;
  }
  const server = await startStripeMock({ binary: built.binary });
  console.info(`[stripe-mock lane] ${STRIPE_MOCK_LABEL} at ${server.url}`);
  project.provide('stripeMock', { url: server.url, specPath: built.spec, label: STRIPE_MOCK_LABEL, skipReason: null });
  return () => server.stop();
}
