import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CorsPolicy {
  /** The frontends' origins (scheme, host and port), exactly as the browser sends them. */
  origins: readonly string[];
  methods: readonly string[];
  /** The request headers a cross-origin call may send. */
  allowedHeaders: readonly string[];
  /** The answer's headers a cross-origin caller may read. */
  exposedHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer. */
  maxAgeSeconds: number;
}

/**
 * CORS for the frontends' origins as a step of the one onRequest hook (composition/request-hooks.ts): what
 * @fastify/cors answered with the same options, without its work on every request (a copy of its options into a
 * new object, the Vary header parsed, the origin resolved through a callback, the exposed headers set on every
 * answer, with or without an Origin header; docs/performance.md, 2026-11-28).
 * - Every answer varies by Origin: a cache must not give a cross-origin caller an answer made for another.
 * - A request from an allowed origin is answered with Access-Control-Allow-Origin (that origin) and the exposed
 *   headers; from any other origin without them, so the browser keeps the answer from the page.
 * - An OPTIONS request (a preflight) is answered here, 204 with the methods, headers and max age allowed, before
 *   any route or rate limit: a preflight carries no Authorization and must not be refused for it.
 * Returns true when it answered the request itself.
 */
export function cors(policy: CorsPolicy): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const allowed = new Set(policy.origins);
  const exposed = policy.exposedHeaders.join(', ');
  const preflight = Object.freeze({
    'access-control-allow-methods': policy.methods.join(', '),
    'access-control-allow-headers': policy.allowedHeaders.join(', '),
    'access-control-max-age': String(policy.maxAgeSeconds),
    // Safari waits for a body on a 204 without it.
    'content-length': '0',
  });
  return (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (allowed.has(origin)) reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', exposed);
    }
    if (request.method !== 'OPTIONS') return false;
    reply.headers(preflight).code(204).send();
    return true;
  };
}
