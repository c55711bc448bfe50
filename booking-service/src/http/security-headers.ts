import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, computed once at start instead of per request
 * (running helmet's middleware on every request cost about a third of the
 * throughput of the hot read routes).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer (JSON, an event stream, a count) needs, after OWASP's REST Security Cheat Sheet: nothing in
 * it may load or run (`default-src 'none'`), be framed or be sniffed into another type; HTTPS only; no referrer.
 * helmet's other headers are for HTML documents (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) and cost a read ~700 bytes a request:
 * the service's pages get them from `pageSecurityHeaders` instead. `cross-origin`: the frontends' origins load the
 * posters. Routes may still set a header of their own (the image route its Content-Security-Policy).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Every answer's security headers (the API's), set with one call: a step of the one onRequest hook. */
export function setApiSecurityHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.headers(API_SECURITY_HEADERS);
}

/** A page's answer (an HTML document): helmet's full set over the API's, computed once; a page may then set its own CSP. */
function pageSecurityHeaders(options: HelmetOptions): (reply: FastifyReply) => FastifyReply {
  const headers = Object.freeze(helmetHeaders(options));
  return (reply) => reply.headers(headers);
}

/**
 * The service's HTML pages' security headers (helmet's set): the API docs page needs inline styles and scripts of
 * its own origin; the checkout's pages set their own, stricter Content-Security-Policy over it.
 */
export const withPageSecurityHeaders = pageSecurityHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});
