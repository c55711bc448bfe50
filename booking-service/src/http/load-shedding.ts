import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export interface LoadSheddingLimits {
  /** Mean event-loop delay (ms) over the last sample past which requests are refused; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (MiB) past which requests are refused; 0: not checked. */
  maxHeapUsedMb: number;
  /** Resident memory (MiB) past which requests are refused; 0: not checked. */
  maxRssMb: number;
  /** What Retry-After tells a refused client. */
  retryAfterSeconds: number;
}

/**
 * Load shedding with @fastify/under-pressure: past a threshold every request is answered 503 with
 * Retry-After at once (before any database work), so an overloaded instance recovers instead of queueing
 * more. The health endpoints stay exempt: an orchestrator must still see the instance alive (and its
 * readiness as the database stands), or it would restart an instance that is only busy.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: LoadSheddingLimits, exemptPrefix: string) {
  const MiB = 1024 * 1024;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedMb * MiB,
    maxRssBytes: limits.maxRssMb * MiB,
    pressureHandler: (request, reply, type) => {
      if (request.url.startsWith(exemptPrefix)) return undefined; // served as usual
      reply.header('retry-after', String(limits.retryAfterSeconds));
      request.log.warn({ pressure: type }, 'shedding load');
      // A rejected promise goes to the error handler: the usual `{ success: false, message }` envelope.
      return Promise.reject(new HttpError(503, `The service is overloaded right now; please try again in ${limits.retryAfterSeconds} seconds`));
    },
  });
}
