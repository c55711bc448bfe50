import type { FastifyInstance } from 'fastify';

/**
 * Public reads answered from the read cache (or from memory): nearly free to
 * serve, and what a whole audience loads at once when a show opens. Many
 * moviegoers can share one address (a mobile carrier's NAT, an office, a proxy
 * without TRUST_PROXY), so these get their own, much higher per-address limit
 * than the rest of the API.
 */
export const CACHEABLE_PUBLIC_READS = new Set([
  '/api/show/all',
  '/api/show/:movieId',
  '/api/booking/seats/:showId',
  '/api/images/:file',
  '/api/config',
]);

/** Must be called before @fastify/rate-limit is registered, so that its route hook sees the limit set here. */
export function limitPublicReadsSeparately(app: FastifyInstance, perAddressPerMinute: number) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !CACHEABLE_PUBLIC_READS.has(route.url)) return;
    const config = (route.config ?? {}) as Record<string, unknown>;
    route.config = { ...config, rateLimit: { max: perAddressPerMinute, timeWindow: '1 minute' } } as typeof route.config;
  });
}
