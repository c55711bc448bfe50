import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Label of requests no route matched: their URLs are the client's to choose, never a label. */
const UNMATCHED = 'unmatched';

/** Times every answered request by its route's pattern (`/api/booking/seats/:showId`) and status. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'requestFinished'>) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestFinished(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  });
}
