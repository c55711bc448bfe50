import { stackPorts, urlsOf } from './test-stack';

/**
 * Ports of the dev servers the hot-reload test (tests/dev/) runs: `npm run dev`'s own + 300 (the production
 * stack's tests use + 100, the frontend benchmarks + 200), shifted by TEST_PORT_OFFSET like theirs.
 */
export const DEV_TEST_PORTS = stackPorts(3300, 4300, 4700);
export const devUrls = urlsOf(DEV_TEST_PORTS);
