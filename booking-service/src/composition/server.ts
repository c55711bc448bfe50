import Fastify, { type FastifyInstance, type FastifyPluginCallback, type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config/config.ts';
import { withShapeFailures } from '../contract/failures.ts';
import { cors, type CorsPolicy } from '../http/cors.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerStrictJsonParser } from '../http/error-handler.ts';
import { HttpError } from '../http/errors.ts';
import { registerLoadShedding } from '../http/load-shedding.ts';
import { limitPublicReadsSeparately } from '../http/public-reads.ts';
import { accessLog, echoRequestIdOn, REQUEST_ID_HEADER, requestLogging } from '../http/request-logging.ts';
import { setApiSecurityHeaders, withPageSecurityHeaders } from '../http/security-headers.ts';
import { connectRateLimitRedis } from '../http/shared-rate-limits.ts';
import { trustedProxies } from '../http/trusted-proxies.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { requestTiming } from '../metrics/request-metrics.ts';
import { answeredDatabaseWork, attributeDatabaseWork } from '../metrics/database-commands.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';
import { refuseUnstorableUrl } from '../http/storable-text.ts';
import { methodNotAllowed } from '../http/method-not-allowed.ts';
import { runOnRequest, runOnResponse } from './request-hooks.ts';

/** Liveness and readiness: answered even under load, so a busy instance is not restarted. */
export const HEALTH_PREFIX = '/api/health';
/** 16 KiB is far more than any request of the contract needs. */
const BODY_LIMIT = 16 * 1024;
/** How often Node checks for requests past their timeout (its default, 30 s, would let them run that much longer). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export interface ServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** OpenTelemetry's Fastify plugin (tracing/tracing.ts), when tracing is on: registered before every route. */
  tracing?: FastifyPluginCallback;
  /** Told of every route as it is registered (the route contract test walks them). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The Fastify server and its first hooks: request ids, security headers and CORS, the error envelope (a database outage is a 503:
 * store/unavailable.ts), the strict JSON parser, and load shedding, first of the request hooks.
 */
export async function createServer(config: Config, options: ServerOptions) {
  const logging = requestLogging(config.logLevel, { traced: options.tracing !== undefined });
  const app = Fastify({
    ...logging,
    logger: options.logger ?? logging.logger,
    bodyLimit: BODY_LIMIT,
    // A request must arrive whole in time (a slow body held a connection open for good); answers and streams are not limited.
    // Node enforces it only when the headers' timeout (default 60 s) is no longer.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: { headersTimeout: config.requestTimeoutSeconds * 1000, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    trustProxy: trustedProxies(config.trustProxy),
    frameworkErrors,
    clientErrorHandler,
    ajv: {
      // Bad input is refused, never silently repaired: no coercion, no stripping of unknown fields.
      // multipleOfPrecision: a price's `multipleOf: 0.01` within 1e-6, as toCents takes it (19.99 / 0.01 is 1998.9999999999998).
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, multipleOfPrecision: 6 },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.tracing) await app.register(options.tracing);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const shedLoad = await registerLoadShedding(app, config.loadShedding, HEALTH_PREFIX);
  // The request's database work counted under its route, then every answer's request id, security headers and CORS,
  // then load shedding, one hook (request-hooks.ts): a
  // refused request's 503 carries the headers too, a preflight is answered before anything else, and an
  // overloaded instance refuses before spending anything more on the request.
  // A known address asked with another method: 405 with Allow, after CORS (a preflight is an OPTIONS it answers).
  const refuseUndeclaredMethod = methodNotAllowed(app);
  runOnRequest(app, [attributeDatabaseWork, echoRequestIdOn, setApiSecurityHeaders, cors(corsPolicy(config)), shedLoad, refuseUnstorableUrl, refuseUndeclaredMethod]);
  acceptPreflights(app);
  registerErrorHandling(app, { isTemporaryOutage: isDatabaseUnavailable });
  registerStrictJsonParser(app);
  return app;
}

export type Server = Awaited<ReturnType<typeof createServer>>;

/** What every answered request leaves behind, in one onResponse hook: its timing in the metrics, its database work closed, its access line. */
export function registerAnsweredHooks(app: FastifyInstance, config: Config, metrics: Pick<Metrics, 'requestFinished'>) {
  runOnResponse(app, [requestTiming(metrics), answeredDatabaseWork, accessLog(app.log, config.accessLogEvery)]);
}

/** CORS for the frontends' origins (http/cors.ts). */
export function corsPolicy(config: Config): CorsPolicy {
  return {
    origins: config.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    // traceparent: the frontends' API calls start their trace (shared-ui's API client); X-Request-Id may be read back.
    // X-Admission: the waiting room's admission token on an on-sale event's seat map and booking calls;
    // X-Queue-Place: the place token on the waiting room's polls.
    allowedHeaders: ['Authorization', 'Content-Type', 'traceparent', 'X-Admission', 'X-Queue-Place'],
    // Content-Disposition: a staff download's file name (admin/export-routes.ts), read by the admin remote's page.
    exposedHeaders: [REQUEST_ID_HEADER, 'Content-Disposition'],
    maxAgeSeconds: 600,
  };
}

/** A route for every OPTIONS request, so each reaches the onRequest hook whose CORS step answers it (the preflight). */
export function acceptPreflights(app: FastifyInstance) {
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send());
}

/** The per-address rate limits (public reads apart), counted in Redis when REDIS_URL is set. */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  // With REDIS_URL every instance counts in one Redis; without it each counts alone (docs/operators/several-instances.md).
  const rateLimitRedis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl, (message) => app.log.warn(message)) : null;
  if (config.rateLimit.perIpPerMinute > 0) limitPublicReadsSeparately(app, config.rateLimit.publicReadsPerIpPerMinute, { shared: rateLimitRedis !== null, ipv6Prefix: config.rateLimit.ipv6Prefix });
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect())));
  await app.register(rateLimit, {
    global: config.rateLimit.perIpPerMinute > 0,
    max: config.rateLimit.perIpPerMinute || 1,
    timeWindow: '1 minute',
    ipv6Subnet: config.rateLimit.ipv6Prefix,
    ...(rateLimitRedis && { redis: rateLimitRedis, nameSpace: 'booking-service-rate-limit:', skipOnError: true }),
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many requests, please try again in ${context.after}`),
  });
}

/**
 * What every request passes after the first hooks: the rate limits, and the OpenAPI docs. Each is its own function
 * so bench/hook-costs-bench.ts measures each hook alone on bare Fastify.
 */
export async function registerHttpPlugins(app: Server, config: Config) {
  await registerRateLimits(app, config);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Movie booking service', version: '0.1.0', description: 'REST contract of the movie-ticket booking platform.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Only OpenAPI documents are made here (the `openapi` option).
    transformObject: (document) => withShapeFailures('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The docs are a page (HTML and its scripts), not an API answer.
    uiHooks: { onRequest: (_request, reply, done) => void (withPageSecurityHeaders(reply), done()) },
  });
}
