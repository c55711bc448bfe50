import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Label of requests no route matched: their URLs are the client's to choose, never a label. */
const UNMATCHED = 'unmatched';

/**
 * Times every answered request by its route's pattern (`/api/booking/seats/:showId`) and status: a step of the one
 * onResponse hook (composition/request-hooks.ts), given the route's pattern (undefined when none matched).
 */
export function requestTiming(metrics: Pick<Metrics, 'requestFinished'>) {
  return (request: FastifyRequest, reply: FastifyReply, route: string | undefined) => {
    metrics.requestFinished(request.method, route ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  };
}

/** requestTiming as a hook of its own (the hook bench's row). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'requestFinished'>) {
  const time = requestTiming(metrics);
  app.addHook('onResponse', (request, reply, done) => {
    time(request, reply, request.routeOptions.url);
    done();
  });
}
