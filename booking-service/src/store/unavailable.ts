/**
 * Whether an error means the database cannot be reached or cannot serve right
 * now (restarting, shutting down, out of connections, the network dropped), as
 * opposed to a query or a bug. Such a request may succeed when retried, so it is
 * answered 503. Looks through the `cause` chain (drizzle wraps driver errors in
 * DrizzleQueryError) and AggregateError's `errors` (one per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailable(error, 0);
}

/** PostgreSQL SQLSTATEs: class 08 (connection exception) and these. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres and pg-pool errors that carry no code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /is not queryable/, // a client whose connection already failed
  /^timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis
];

function unavailable(error: unknown, depth: number): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => unavailable(e, depth + 1))) return true;
  return unavailable(error.cause, depth + 1);
}
