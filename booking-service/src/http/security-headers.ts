import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, computed once at start instead of per request
 * (running helmet's middleware on every request cost about a third of the
 * throughput of the hot read routes). Routes may still override a header,
 * as the image route does with its own Content-Security-Policy.
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

/** Every answer's security headers: computed once at start, set with one call a request (no onSend hook). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = Object.freeze(helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
