/**
 * Ports of the dev servers the hot-reload test (tests/dev/) runs: `npm run dev`'s own + 300 (the production
 * stack's tests use + 100, the frontend benchmarks + 200), shifted by TEST_PORT_OFFSET like theirs.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
export const DEV_TEST_PORTS = {
  shell: 3300 + offset,
  customer: 3301 + offset,
  admin: 3302 + offset,
  debug: 3303 + offset,
  service: 4300 + offset,
  identity: 4700 + offset,
} as const;

export const devUrls = Object.fromEntries(Object.entries(DEV_TEST_PORTS).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<
  keyof typeof DEV_TEST_PORTS,
  string
>;
