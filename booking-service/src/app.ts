import Fastify, { type FastifyPluginCallback, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Catalog } from './catalog/types.ts';
import { catalogRoutes } from './catalog/routes.ts';
import type { Config } from './config/config.ts';
import { isDatabaseUnavailable } from './store/unavailable.ts';
import { createAuth } from './identity/auth.ts';
import type { TokenVerifier } from './identity/token-verifier.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerStrictJsonParser } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { echoRequestId, REQUEST_ID_HEADER, requestLogging } from './http/request-logging.ts';
import { connectRateLimitRedis } from './http/shared-rate-limits.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { registerRequestMetrics } from './metrics/request-metrics.ts';
import { countingTransitions } from './bookings/counted-transitions.ts';
import { createStreamLimiter } from './http/stream-limiter.ts';
import { HttpError } from './http/errors.ts';
import { limitPublicReadsSeparately } from './http/public-reads.ts';
import { createKnownIds, type KnownIds } from './http/known-ids.ts';
import { createReadCache, type ReadCache } from './http/read-cache.ts';
import { trustedProxies } from './http/trusted-proxies.ts';
import { createIntegrityMonitor, describeDoubleSale, salesStoppedMessage, type IntegrityReport } from './integrity/integrity-check.ts';
import type { HighWaterMark } from './integrity/high-water-mark.ts';
import type { SaleGate } from './bookings/sale-gate.ts';
import { integrityRoutes } from './health/integrity-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { createRemoteEventCounts } from './remote-health/remote-event-counts.ts';
import { remoteHealthRoutes } from './remote-health/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { createMailer, type Mailer } from './email/mailer.ts';
import { createLocalCheckoutProvider, type LocalCheckoutProvider } from './payments/local/local-provider.ts';
import { createPaymentJobs, type PaymentJobs } from './payments/payment-jobs.ts';
import { createPaymentService, type PaymentService } from './payments/payment-service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { SalesStop } from './payments/sales-stop.ts';
import { createStripeProvider } from './payments/stripe-provider.ts';
import { createWebhookReceiver, WebhookRefused, type ReceiveWebhook } from './payments/webhook-receiver.ts';
import { developmentWebhookSecret } from './payments/webhook-secret.ts';
import type { Change, Store } from './store/types.ts';
import { adminReportRoutes } from './admin/report-routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { SEAT_STREAM_WORDING, seatEventsRoutes } from './seats/routes.ts';
import { createSeatFeed, type SeatFeed } from './seats/seat-feed.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { ownBookingRoutes } from './payments/own-booking-routes.ts';
import { checkoutRoutes } from './payments/checkout-routes.ts';
import { debugRoutes } from './debug/routes.ts';
import { showRoutes } from './shows/routes.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.ts';
import { userRoutes } from './users/routes.ts';
import { admissionKey } from './waiting-room/admission-token.ts';
import { QUEUE_STREAM_WORDING, waitingRoomRoutes } from './waiting-room/routes.ts';
import { createWaitingRoom, type WaitingRoom } from './waiting-room/waiting-room.ts';

/** Payments as they run in this app (tests drive the jobs directly with a controlled clock). */
export interface PaymentsRuntime {
  service: PaymentService;
  jobs: PaymentJobs;
  mailer: Mailer;
  provider: PaymentProvider;
  localCheckout: LocalCheckoutProvider | null;
  webhookSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime;
    /** Served on METRICS_PORT by main.ts (never on the API's port). */
    metrics: Metrics;
    /** The on-sale waiting room (tests run its admissions directly with a controlled clock). */
    waitingRoom: WaitingRoom;
  }
}

export interface BuildAppOptions {
  config: Config;
  store: Store;
  catalog: Catalog & { imageSvg?: (file: string) => string | null };
  verifyToken: TokenVerifier;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /**
   * Run the hold sweeper and the reconciliation in the background (on start, then on their
   * intervals). Default true; tests turn them off and call `app.payments.jobs` themselves.
   */
  backgroundJobs?: boolean;
  /** Told of every route as it is registered (the route contract test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** OpenTelemetry's Fastify plugin (tracing/tracing.ts), when tracing is on: registered before every route. */
  tracing?: FastifyPluginCallback;
  /** DATA_DIR's high-water mark (serve.ts): compared and raised by each integrity check, and at shutdown. */
  highWaterMark?: HighWaterMark;
  /** The integrity report start-up made: in force until the first periodic check. */
  initialIntegrity?: IntegrityReport;
}

/** How often watched shows are read where the store cannot announce other instances' changes. */
const SEAT_POLL_MS = 500;

/**
 * How long the sets of known show and movie ids are trusted without hearing of a change: short
 * where other instances' changes are not heard (as the show lists' TTL), else a safety net.
 */
const KNOWN_IDS_MAX_AGE_MS = { heard: 60_000, unheard: 5_000 };

/** Counts a webhook delivery's outcome, passing the receiver's answer (or failure) on unchanged. */
function countingDeliveries(receive: ReceiveWebhook, metrics: Metrics): ReceiveWebhook {
  return async (raw, signature, log) => {
    try {
      const answer = await receive(raw, signature, log);
      metrics.webhookDelivered(answer.duplicate ? 'duplicate' : 'processed');
      return answer;
    } catch (error) {
      metrics.webhookDelivered(error instanceof WebhookRefused ? 'refused' : 'failed');
      throw error;
    }
  };
}

/** What a change means for this instance: cached answers to drop, ids that may now exist, seat maps to push. */
function applyChange(change: Change, { cache, knownIds, seatFeed }: { cache: ReadCache; knownIds: { shows: KnownIds; movies: KnownIds }; seatFeed: SeatFeed }) {
  switch (change.kind) {
    case 'seats':
      cache.invalidate(`seats:${change.showId}`);
      seatFeed.changed(change.showId);
      break;
    case 'schedule':
      cache.invalidatePrefix('shows:');
      cache.invalidate(`show:${change.movieId}`);
      knownIds.shows.forget();
      knownIds.movies.forget();
      break;
    case 'resync':
      cache.invalidatePrefix('');
      knownIds.shows.forget();
      knownIds.movies.forget();
      seatFeed.resync();
      break;
  }
}

/** How fresh health's integrity report is, and how often it is renewed in the background. */
const INTEGRITY_MAX_AGE_MS = 5_000;
const INTEGRITY_INTERVAL_MS = 30_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Liveness and readiness: answered even under load, so a busy instance is not restarted. */
const HEALTH_PREFIX = '/api/health';

/** 16 KiB is far more than any request of the contract needs. */
const BODY_LIMIT = 16 * 1024;
/** How often Node checks for requests past their timeout (its default, 30 s, would let them run that much longer). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export async function buildApp(options: BuildAppOptions) {
  const { config, store, catalog } = options;
  const logging = requestLogging(config.logLevel);
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
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.tracing) await app.register(options.tracing);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  echoRequestId(app);
  registerErrorHandling(app, { isTemporaryOutage: isDatabaseUnavailable });
  registerStrictJsonParser(app);
  // First of the request hooks: an overloaded instance refuses before spending anything on the request.
  await registerLoadShedding(app, config.loadShedding, HEALTH_PREFIX);
  const now = options.now ?? (() => new Date());
  const seatStreams = createStreamLimiter({ ...config.seatStreams, perTopic: config.seatStreams.perShow }, SEAT_STREAM_WORDING);
  const { perAddress, perUser } = config.seatStreams;
  const queueStreams = createStreamLimiter({ perAddress, perUser, perTopic: config.waitingRoomStreams.total, total: config.waitingRoomStreams.total }, QUEUE_STREAM_WORDING);
  const metrics = createMetrics({
    liveHeldSeats: () => store.figures.liveHeldSeats(now()),
    outboxBacklog: () => store.figures.outboxBacklog(),
    poolUse: () => store.figures.poolUse(),
    openSeatStreams: () => seatStreams.openStreams(),
    openQueueStreams: () => queueStreams.openStreams(),
  });
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  // Every transition goes through the repository: counted there, once, by the instance that made it.
  const bookings = countingTransitions(store.bookings, metrics.bookingEntered, now);

  registerSecurityHeaders(app, {
    // The API answers JSON; the docs page needs inline styles and scripts of its own origin (checkout pages set their own, stricter).
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' }, // posters are loaded by the frontends' origins
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    // traceparent: the frontends' API calls start their trace (shared-ui's API client); X-Request-Id may be read back.
    // X-Admission: the waiting room's admission token on an on-sale event's seat map and booking calls;
    // X-Queue-Place: the place token on the waiting room's polls.
    allowedHeaders: ['Authorization', 'Content-Type', 'traceparent', 'X-Admission', 'X-Queue-Place'],
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
  if (config.rateLimit.perIpPerMinute > 0) limitPublicReadsSeparately(app, config.rateLimit.publicReadsPerIpPerMinute);
  // With REDIS_URL every instance counts in one Redis; without it each counts alone (docs/operators/several-instances.md).
  const rateLimitRedis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl, (message) => app.log.warn(message)) : null;
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect())));
  await app.register(rateLimit, {
    global: config.rateLimit.perIpPerMinute > 0,
    max: config.rateLimit.perIpPerMinute || 1,
    timeWindow: '1 minute',
    ...(rateLimitRedis && { redis: rateLimitRedis, nameSpace: 'booking-service-rate-limit:', skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests, please try again in ${context.after}`),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Movie booking service', version: '0.1.0', description: 'REST contract of the movie-ticket booking platform.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const cache = createReadCache();
  const webhookSecret = config.payments.webhookSecret ?? (await developmentWebhookSecret(config.dataDir));
  const mailer = createMailer({
    outbox: store.outbox,
    smtpUrl: config.email.smtpUrl,
    from: config.email.from,
    timeoutMs: config.email.timeoutMs,
    now,
    log: app.log,
  });
  const localCheckout =
    config.payments.provider === 'local'
      ? createLocalCheckoutProvider({
          sessions: store.checkoutSessions,
          publicUrl: config.publicUrl,
          currency: config.currency,
          now,
          webhookSecret,
          log: app.log,
          // In process, through the same receiver as Stripe's deliveries: signature check, exactly-once.
          deliver: async (payload, signature) => void (await receiveWebhook(Buffer.from(payload), signature, app.log)),
        })
      : null;
  const provider: PaymentProvider =
    localCheckout ??
    createStripeProvider({
      secretKey: config.payments.stripe.secretKey!,
      currency: config.currency,
      theatreTimeZone: config.theatreTimeZone,
      apiBase: config.payments.stripe.apiBase,
      timeoutMs: config.payments.stripe.timeoutMs,
      now,
    });
  // Changes made on any instance (this one included) arrive through the store's change bus.
  const seatFeed = createSeatFeed(async (showId) => Object.keys(await store.shows.occupiedSeats(showId)), {
    pollMs: store.changes.crossInstance ? null : SEAT_POLL_MS,
  });
  const knownIdsMaxAgeMs = store.changes.crossInstance ? KNOWN_IDS_MAX_AGE_MS.heard : KNOWN_IDS_MAX_AGE_MS.unheard;
  const knownIds = {
    shows: createKnownIds(() => store.shows.ids(), { maxAgeMs: knownIdsMaxAgeMs }),
    movies: createKnownIds(() => store.movies.ids(), { maxAgeMs: knownIdsMaxAgeMs }),
  };
  const stopApplyingChanges = store.changes.subscribe((change) => {
    if (change.kind !== 'resync' && change.sentAt !== undefined) metrics.changeHeard(change.sentAt, Date.now());
    applyChange(change, { cache, knownIds, seatFeed });
  });
  const seatsChanged = (showId: string) => void store.changes.publish({ kind: 'seats', showId });
  const onSeatsChanged = seatsChanged;
  // Health runs the integrity checks (at most every INTEGRITY_MAX_AGE_MS); so does a timer. While the
  // last check found damage, every write is refused: a damaged seat ledger could sell a seat twice.
  const integrity = createIntegrityMonitor(store, { maxAgeMs: INTEGRITY_MAX_AGE_MS, now, mark: options.highWaterMark, initial: options.initialIntegrity });
  // Seats sold twice stop the sales of their show only: no seat sold, no payment taken, nothing released.
  const salesStopped = (showId: string) => {
    const sale = integrity.doubleSold(showId);
    return sale ? salesStoppedMessage(sale) : null;
  };
  const salesStop: SalesStop = {
    refusal: salesStopped,
    paidWhileStopped: (booking) =>
      integrity.notePaidWhileStopped({ id: booking.id, ticketCode: booking.ticketCode, showId: booking.showId, seats: booking.seats, paidAt: (booking.paidAt ?? now()).toISOString() }),
  };
  const payments: PaymentService = createPaymentService({
    bookings,
    outbox: store.outbox,
    provider,
    mailer,
    config,
    now,
    log: app.log,
    onSeatsChanged,
    salesStop,
  });
  const receiveWebhook: ReceiveWebhook = countingDeliveries(
    createWebhookReceiver({
      secret: webhookSecret,
      toleranceSeconds: config.payments.webhookToleranceSeconds,
      events: store.webhookEvents,
      handleEvent: payments.handleEvent,
      now,
    }),
    metrics,
  );
  const jobs = createPaymentJobs({
    service: payments,
    log: app.log,
    sweepIntervalMs: config.payments.sweepIntervalSeconds * 1000,
    reconcileIntervalMs: config.payments.reconcileIntervalSeconds * 1000,
  });
  app.decorate('payments', { service: payments, jobs, mailer, provider, localCheckout, webhookSecret });
  app.addHook('onRequest', async (request) => {
    const last = integrity.latest();
    if (last && !last.healthy && !READ_METHODS.has(request.method)) {
      // What is wrong is for staff (GET /api/debug/integrity, the logs), not for every caller.
      throw new HttpError(503, 'The service is not taking changes: its database is damaged or behind its last known state. Please try again later.');
    }
  });
  const integrityTimer = setInterval(() => {
    integrity.check().catch((error: unknown) => app.log.warn({ err: error }, 'integrity check failed to run'));
  }, INTEGRITY_INTERVAL_MS);
  integrityTimer.unref();
  // Admission tokens are signed with a key every instance derives from the secret they already share.
  const waitingRoom = createWaitingRoom({ repository: store.waitingRoom, admissionKey: admissionKey(webhookSecret), now, log: app.log });
  app.decorate('waitingRoom', waitingRoom);
  // Seats sold twice stop the sales of their show only; the seat map still answers.
  const saleGate: SaleGate = async (showId, caller) => {
    const stopped = salesStopped(showId);
    if (stopped && caller.accountId !== null) throw new HttpError(503, stopped);
    await waitingRoom.gate(showId, caller);
  };
  if (options.backgroundJobs !== false) app.addHook('onReady', async () => jobs.start());
  if (options.backgroundJobs !== false) app.addHook('onReady', async () => waitingRoom.start());
  app.addHook('onClose', async () => {
    clearInterval(integrityTimer);
    stopApplyingChanges();
    await jobs.stop();
    waitingRoom.stop();
    // The high-water mark recorded at shutdown too: a copy of the database from before this moment is recognised.
    if (options.highWaterMark) await integrity.checkNow().catch((error: unknown) => app.log.warn({ err: error }, 'could not record the high-water mark at shutdown'));
    await mailer.close();
  });

  // Each route plugin is given what it uses, and nothing else.
  const auth = createAuth(options.verifyToken, store.users);
  await app.register(healthRoutes, { driver: store.driver, integrity, identityRecord: store.integrity });
  await app.register(remoteHealthRoutes, { counts: createRemoteEventCounts(), perMinute: config.rateLimit.remoteEventsPerMinute });
  await app.register(settingsRoutes, { config, catalogName: catalog.name, paymentProviderName: provider.name });
  await app.register(showRoutes, {
    movies: store.movies,
    shows: store.shows,
    catalog,
    auth,
    cache,
    knownMovies: knownIds.movies,
    config,
    now,
    onSaleShows: waitingRoom.onSaleShows,
    onScheduleChanged: (movieId) => void store.changes.publish({ kind: 'schedule', movieId }),
  });
  await app.register(bookingRoutes, {
    bookings,
    shows: store.shows,
    auth,
    cache,
    knownShows: knownIds.shows,
    config,
    now,
    openPayment: payments.openPaymentForHold,
    onSeatsChanged,
    saleGate,
  });
  await app.register(waitingRoomRoutes, {
    waitingRoom,
    repository: store.waitingRoom,
    auth,
    now,
    joinsPerIpPerMinute: config.rateLimit.waitingRoomJoinsPerIpPerMinute,
    isUnavailable: isDatabaseUnavailable,
    streams: queueStreams,
    streamLifetimeSeconds: config.seatStreams.maxLifetimeSeconds,
    onSaleWindow: { timeZone: config.theatreTimeZone, maxDaysAhead: config.onSale.maxDaysAhead },
  });
  await app.register(ownBookingRoutes, { bookings, auth, payments });
  await app.register(userRoutes, { users: store.users, bookings, movies: store.movies, auth });
  await app.register(adminRoutes, { bookings, shows: store.shows, users: store.users, auth, config, now });
  await app.register(adminReportRoutes, { reports: store.reports, shows: store.shows, auth, config, now });
  await app.register(seatEventsRoutes, {
    shows: store.shows,
    feed: seatFeed,
    limiter: seatStreams,
    auth,
    config,
    saleGate: (showId, admission) => waitingRoom.gate(showId, { accountId: null, admission }),
  });
  await app.register(integrityRoutes, { integrity, auth, mark: options.highWaterMark, describeDoubleSale });
  await app.register(debugRoutes, { bookings, outbox: store.outbox, auth, config, payments, mailer, supportActions: store.supportActions });
  await app.register(checkoutRoutes, { bookings, config, payments, localCheckout, now });
  await app.register(stripeWebhookRoutes, { receiveWebhook, perMinute: config.rateLimit.webhookPerMinute });
  await app.register(catalogRoutes, { catalog, imageSvg: catalog.imageSvg?.bind(catalog) });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
