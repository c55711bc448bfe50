/**
 * The yardstick of the hook-cost benchmark (bench/hook-costs-bench.ts): GET /bare (and GET /api/config) answering a small JSON object on
 * bare Fastify, plus only the per-request hook HOOK names, registered by the service's own code with the settings
 * the service runs with (its environment, loadConfig), or the whole of the service's server plumbing (HOOK=service).
 * The bare route stays the same, so each row's difference from bare Fastify is what that hook costs a request.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { runOnRequest, runOnResponse } from '../src/composition/request-hooks.ts';
import { corsPolicy, createServer, HEALTH_PREFIX, registerAnsweredHooks, registerHttpPlugins, registerRateLimits } from '../src/composition/server.ts';
import { loadConfig } from '../src/config/config.ts';
import { cors } from '../src/http/cors.ts';
import { registerLoadShedding } from '../src/http/load-shedding.ts';
import { accessLog, echoRequestIdOn, requestLogging } from '../src/http/request-logging.ts';
import { setApiSecurityHeaders } from '../src/http/security-headers.ts';
import { createMetrics } from '../src/metrics/metrics.ts';
import { requestTiming } from '../src/metrics/request-metrics.ts';
import { startTracing } from '../src/tracing/tracing.ts';

export const HOOKS = ['none', 'request-id', 'access-log', 'metrics', 'security-headers', 'cors', 'rate-limit', 'load-shedding', 'tracing', 'service'] as const;
type Hook = (typeof HOOKS)[number];

const hook = (process.env.HOOK ?? 'none') as Hook;
if (!HOOKS.includes(hook)) throw new Error(`HOOK must be one of ${HOOKS.join(', ')}`);
const config = loadConfig();

/** The gauges are read only when Prometheus scrapes; the request timing is what a request pays. */
const idleSources = { liveHeldSeats: async () => 0, outboxBacklog: async () => 0, poolUse: () => null, openSeatStreams: () => 0, openQueueStreams: () => 0, serverWaits: async () => null, waitingRoomLines: async () => [], joinsHeld: () => 0 };

async function serverWith(hook: Hook): Promise<FastifyInstance> {
  const logging = requestLogging(config.logLevel, { traced: false });
  switch (hook) {
    case 'service': {
      const tracing = config.tracing ? startTracing(config.tracing) : undefined;
      const app = await createServer(config, { tracing: tracing?.fastifyPlugin });
      await registerHttpPlugins(app, config);
      registerAnsweredHooks(app, config, createMetrics(idleSources));
      return app;
    }
    case 'request-id': {
      const app = Fastify({ logger: false, genReqId: logging.genReqId, requestIdHeader: logging.requestIdHeader });
      runOnRequest(app, [echoRequestIdOn]);
      return app;
    }
    case 'access-log': {
      const app = Fastify(logging);
      runOnResponse(app, [accessLog(app.log, config.accessLogEvery)]);
      return app;
    }
    case 'tracing': {
      const tracing = startTracing(config.tracing ?? { endpoint: 'http://127.0.0.1:9', serviceName: 'hook-bench' });
      const app = Fastify({ logger: false });
      await app.register(tracing.fastifyPlugin);
      return app;
    }
    default: {
      const app = Fastify({ logger: false });
      // Each hook alone, as the service's one onRequest / onResponse hook runs it.
      if (hook === 'metrics') runOnResponse(app, [requestTiming(createMetrics(idleSources))]);
      if (hook === 'security-headers') runOnRequest(app, [setApiSecurityHeaders]);
      if (hook === 'cors') runOnRequest(app, [cors(corsPolicy(config))]);
      if (hook === 'rate-limit') await registerRateLimits(app, config);
      if (hook === 'load-shedding') runOnRequest(app, [await registerLoadShedding(app, config.loadShedding, HEALTH_PREFIX)]);
      return app;
    }
  }
}

const app = await serverWith(hook);
const answer = async () => ({ success: true, message: 'hello' });
app.get('/bare', answer);
// The same answer on the path of a cacheable public read (http/public-reads.ts), which has its own rate limit.
app.get('/api/config', answer);
// The read bench's yardsticks for larger answers: GET /bare-body/<i> sends the bytes of the i-th file of BARE_BODY_FILES
// (a read's body as a browser gets it, comma-separated paths; gzipped when named .gz) as that read sends them.
(process.env.BARE_BODY_FILES ?? '').split(',').filter(Boolean).forEach((file, i) => {
  const body = readFileSync(file);
  app.get(`/bare-body/${i}`, (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (file.endsWith('.gz')) reply.header('content-encoding', 'gzip');
    return reply.send(body);
  });
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stderr.write(`hook server (${hook}) ready\n`);
