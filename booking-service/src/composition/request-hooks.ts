import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A part of every request's plumbing before its route runs (the request id, security headers, …); true: it
 * answered (a CORS preflight); an error: the request is answered with it (load shedding's 503), no route.
 */
type RequestStep = (request: FastifyRequest, reply: FastifyReply) => boolean | Error | void;
/** A part of every answered request's plumbing (metrics, the access log), given the route's pattern. */
type AnsweredStep = (request: FastifyRequest, reply: FastifyReply, route: string | undefined) => void;

/**
 * The per-request plumbing as one onRequest hook that runs its steps in sequence, callback style (no promise, no
 * microtask): Fastify's hook runner costs each hook a call and each async hook a promise and a turn of the
 * microtask queue, paid on every request (docs/performance.md, 2026-11-28). Each step stays its own module's function.
 */
export function runOnRequest(app: FastifyInstance, steps: readonly RequestStep[]) {
  app.addHook('onRequest', (request, reply, done) => {
    for (const step of steps) {
      const outcome = step(request, reply);
      if (outcome === true) return;
      if (outcome instanceof Error) return done(outcome);
    }
    done();
  });
}

/** The same for the answered request: one onResponse hook; the route's pattern read once for every step. */
export function runOnResponse(app: FastifyInstance, steps: readonly AnsweredStep[]) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    for (const step of steps) step(request, reply, route);
    done();
  });
}
