import { Redis } from 'ioredis';

/** Redis must answer this fast; a limit is never worth a slow request. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * The Redis that @fastify/rate-limit counts in when REDIS_URL is set, so that every instance counts each
 * address (and each account's bookings) together. Start-up waits for it, so a wrong URL stops the start;
 * later, while Redis is unreachable, requests are served without limits (the plugin's skipOnError) rather
 * than refused, and the client reconnects by itself.
 */
export async function connectRateLimitRedis(url: string, warn: (message: string) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Commands fail at once while disconnected (and the limit is skipped) instead of queueing.
    enableOfflineQueue: false,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) warn(`rate limits: Redis unreachable (${error.message}); serving without shared limits until it is back`);
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis did not answer (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return redis;
}
