import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A known address asked with a method it does not serve is answered 405 with `Allow` (RFC 9110 §15.5.6), not 404:
 * the address exists, and a client or contract tester learns what it takes. Fastify routes per method and answers
 * 404 for the rest, so the routes are mirrored, as they are registered, into a router of their own that is asked
 * by path only when Fastify found no route. Its `refuse` is a step of the one onRequest hook (request-hooks.ts),
 * before a body is read: an unknown method with a body is refused before its content type is.
 */
export function methodNotAllowed(app: FastifyInstance) {
  const routes = FindMyWay({ ignoreTrailingSlash: false, caseSensitive: true });
  const methods = new Set<HTTPMethod>();
  // Methods served at every address (the CORS preflights' OPTIONS): allowed wherever another method is, and no
  // evidence that an address exists.
  const everywhere = new Set<HTTPMethod>();
  // Addresses without parameters and their methods: /api/show/add (POST) is also GET /api/show/:movieId's shape,
  // and a GET of it is a wrong method, not a bad movie id.
  const fixed = new Map<string, Set<HTTPMethod>>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat().map((name) => name.toUpperCase() as HTTPMethod)) {
      if (route.url === '*' || route.url === '/*') {
        everywhere.add(method);
      } else if (!routes.hasRoute(method, route.url)) {
        routes.on(method, route.url, () => undefined);
        methods.add(method);
        if (!/[:*]/.test(route.url)) fixed.set(route.url, (fixed.get(route.url) ?? new Set()).add(method));
      }
    }
  });

  /** The methods `path` is served with, in a stable order; none: the address is unknown (404 stays). */
  const allowedFor = (path: string): string[] => {
    const served = [...methods].filter((method) => routes.find(method, path) !== null);
    return served.length === 0 ? [] : [...new Set([...served, ...everywhere])].sort();
  };

  /** Another method's fixed address taken by a parametric route of this method: the fixed one's methods. */
  const fixedElsewhere = (request: FastifyRequest, path: string): string[] => {
    const served = fixed.get(path);
    if (!served || !request.routeOptions.url?.includes(':') || served.has(request.method as HTTPMethod)) return [];
    return [...new Set([...served, ...everywhere])].sort();
  };

  return function refuse(request: FastifyRequest, reply: FastifyReply): boolean | void {
    const path = request.url.split('?')[0]!;
    const allowed = request.is404 ? allowedFor(path) : fixedElsewhere(request, path);
    if (allowed.length === 0) return;
    void reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send({ success: false, message: `${request.method} is not allowed here: use ${allowed.join(', ')}` });
    return true;
  };
}
