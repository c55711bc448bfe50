import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { addressWindowCounter } from './address-window-counter.ts';
import { HttpError } from './errors.ts';

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

const MINUTE_MS = 60_000;

/** "in 42 seconds", "in 1 minute": when a refused client may try again. */
function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Each cacheable public read route gets its own per-address limit. Must be called before @fastify/rate-limit is
 * registered, so that its route hook sees the route's setting. With `shared` (REDIS_URL: every instance counts
 * together) the library counts them in Redis; otherwise they are counted here, in memory
 * (address-window-counter.ts), by a callback hook of the route, and their answers carry no X-RateLimit headers
 * until one is refused (429 with Retry-After and the X-RateLimit headers, as the library answers): the count is
 * the only work a cached read does besides its answer (docs/performance.md, 2026-11-28).
 */
export function limitPublicReadsSeparately(app: FastifyInstance, perAddressPerMinute: number, { shared, ipv6Prefix }: { shared: boolean; ipv6Prefix?: number }) {
  const counters: { stop(): void }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !CACHEABLE_PUBLIC_READS.has(route.url)) return;
    const config = (route.config ?? {}) as Record<string, unknown>;
    if (shared) {
      route.config = { ...config, rateLimit: { max: perAddressPerMinute, timeWindow: '1 minute' } } as typeof route.config;
      return;
    }
    route.config = { ...config, rateLimit: false } as typeof route.config;
    const counter = addressWindowCounter(perAddressPerMinute, MINUTE_MS, Date.now, ipv6Prefix);
    counters.push(counter);
    const limit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const retryAfter = counter.count(request.ip);
      if (retryAfter === 0) return done();
      reply.headers({ 'x-ratelimit-limit': perAddressPerMinute, 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': retryAfter, 'retry-after': retryAfter });
      done(new HttpError(429, `Too many requests, please try again in ${inWords(retryAfter)}`));
    };
    route.onRequest = [...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]), limit];
  });
  app.addHook('onClose', (_app, done) => {
    for (const counter of counters) counter.stop();
    done();
  });
}
