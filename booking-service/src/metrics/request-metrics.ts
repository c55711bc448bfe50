import type { FastifyReply, FastifyRequest } from 'fastify';
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
