import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** What @fastify/under-pressure samples (once a second): `app.memoryUsage()`. */
type PressureSamples = ReturnType<FastifyInstance['memoryUsage']>;

/** The request step's answer: an error to answer with (a 503), else nothing (serve the request). */
type SheddingStep = (request: FastifyRequest, reply: FastifyReply) => HttpError | void;

const MiB = 1024 * 1024;

/** Which threshold the samples are past (under-pressure's names for them), or null; the delay only when `delaySampled`. */
function pressureOf(samples: PressureSamples, limits: LoadSheddingLimits, delaySampled: boolean): string | null {
  if (delaySampled && limits.maxEventLoopDelayMs > 0 && samples.eventLoopDelay > limits.maxEventLoopDelayMs) return 'eventLoopDelay';
  if (limits.maxHeapUsedMb > 0 && samples.heapUsed > limits.maxHeapUsedMb * MiB) return 'heapUsedBytes';
  if (limits.maxRssMb > 0 && samples.rssBytes > limits.maxRssMb * MiB) return 'rssBytes';
  return null;
}

/**
 * How often the latest samples are compared with the limits: ten times a sampling period (under-pressure's default,
 * 1 s), so a refusal starts and ends at most 0.1 s after the sample that shows it, as with the library's own check.
 */
const CHECK_INTERVAL_MS = 100;
/**
 * The event-loop delay is compared only once its samples cover nothing before the server was ready (two sampling
 * periods after): start-up's own work (migrations, the seed) blocks the loop, and on a slow machine its first sample
 * alone passed the threshold, so a fresh instance refused its first requests (seen in CI, 2026-12-01).
 */
const DELAY_SAMPLED_AFTER_READY_MS = 2_000;

/**
 * Load shedding: past a threshold every request is answered 503 with Retry-After at once (before any database
 * work), so an overloaded instance recovers instead of queueing more. The health endpoints stay exempt: an
 * orchestrator must still see the instance alive (and its readiness as the database stands), or it would restart
 * an instance that is only busy.
 *
 * @fastify/under-pressure samples the event-loop delay and memory once a second; the latest samples are compared
 * with the limits ten times a second, and the request step (of the one onRequest hook,
 * composition/request-hooks.ts) reads the outcome. The library's own hook read `request.routeOptions` (a new
 * 12-field object) on every request: 4.6 % of a cached read's CPU in a profile (docs/performance.md, 2026-12-01).
 * Registered without thresholds, the library only samples.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: LoadSheddingLimits, exemptPrefix: string): Promise<SheddingStep> {
  await app.register(underPressure);
  let pressure: string | null = null;
  let delaySampled = false;
  if (limits.maxEventLoopDelayMs > 0 || limits.maxHeapUsedMb > 0 || limits.maxRssMb > 0) {
    const timer = setInterval(() => (pressure = pressureOf(app.memoryUsage(), limits, delaySampled)), CHECK_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', (done) => {
      setTimeout(() => (delaySampled = true), DELAY_SAMPLED_AFTER_READY_MS).unref();
      done();
    });
    app.addHook('onClose', (_app, done) => {
      clearInterval(timer);
      done();
    });
  }
  return (request, reply) => {
    if (pressure === null || request.url.startsWith(exemptPrefix)) return; // served as usual
    reply.header('retry-after', String(limits.retryAfterSeconds));
    request.log.warn({ pressure }, 'shedding load');
    // Goes to the error handler: the usual `{ success: false, message }` envelope.
    return new HttpError(503, `The service is overloaded right now; please try again in ${limits.retryAfterSeconds} seconds`);
  };
}
