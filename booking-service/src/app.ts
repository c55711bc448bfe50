import type { FastifyPluginCallback, FastifyServerOptions, RouteOptions } from 'fastify';
import type { Catalog } from './catalog/types.ts';
import { registerRoutes } from './composition/routes.ts';
import { createServer, registerAnsweredHooks, registerHttpPlugins } from './composition/server.ts';
import { composeServices, type Services } from './composition/services.ts';
import type { Config } from './config/config.ts';
import { HttpError } from './http/errors.ts';
import { createAuth } from './identity/auth.ts';
import type { TokenVerifier } from './identity/token-verifier.ts';
import type { ConfirmationJournal } from './integrity/confirmation-journal.ts';
import type { HighWaterMark } from './integrity/high-water-mark.ts';
import type { IntegrityReport } from './integrity/integrity-check.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Store } from './store/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Served on METRICS_PORT by serve.ts (never on the API's port). */
    metrics: Metrics;
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
   * Run the hold sweeper, the reconciliation and the waiting room's admissions in the background (on start,
   * then on their intervals). Default true; tests turn them off and call the services buildApp returns.
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
  /** DATA_DIR's confirmation journal (serve.ts): each payment and admission confirmed here, watched every second. */
  confirmationJournal?: ConfirmationJournal;
  /** How often the guarding indexes are checked against their tables while running (default 5 minutes). */
  indexCheckIntervalMs?: number;
}

/** How often the integrity checks run in the background (health runs them too, at most every 5 s). */
const INTEGRITY_INTERVAL_MS = 30_000;
/** The confirmation watch: one indexed read, so a restore under a running instance stops its sales within a second or two. */
const CONFIRMATION_WATCH_MS = 1_000;
/** The guarding indexes read whole against their tables: less often than the rest (see docs/operators/backup-and-restore.md). */
const INDEX_CHECK_INTERVAL_MS = 5 * 60_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The composition root: the server and its plumbing (composition/server.ts), the services of this instance
 * and the callbacks that bind them (composition/services.ts), their life with the server's, and the route
 * plugins by URL prefix (composition/routes.ts). The services are returned beside the app: serve.ts and the
 * tests reach them from here, never through the app.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: App; services: Services }> {
  const { config, store } = options;
  const now = options.now ?? (() => new Date());
  const app = await createServer(config, options);
  const services = await composeServices({ config, store, now, log: app.log, highWaterMark: options.highWaterMark, initialIntegrity: options.initialIntegrity, confirmationJournal: options.confirmationJournal });
  app.decorate('metrics', services.metrics);
  registerAnsweredHooks(app, config, services.metrics);
  await registerHttpPlugins(app, config);
  refuseWritesWhileDamaged(app, services);
  runWithTheServer(app, services, options);
  const auth = createAuth(options.verifyToken, store.users, config.authCacheEntries);
  await registerRoutes(app, { config, store, catalog: options.catalog, auth, now, services, highWaterMark: options.highWaterMark });
  return { app, services };
}

export type App = Awaited<ReturnType<typeof createServer>>;

/**
 * While the last integrity check found damage, every write is refused: a damaged seat ledger could sell a
 * seat twice. What is wrong is for staff (GET /api/debug/integrity, the logs), not for every caller.
 */
function refuseWritesWhileDamaged(app: App, { integrity }: Services) {
  // Callback style: an async hook costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    const last = integrity.latest();
    if (last && !last.healthy && !READ_METHODS.has(request.method)) {
      return done(new HttpError(503, 'The service is not taking changes: its database is damaged or behind its last known state. Please try again later.'));
    }
    done();
  });
}

/** The background work starts when the server is ready (unless turned off) and stops with it. */
function runWithTheServer(app: App, { integrity, changes, payments, waitingRoom, mailer }: Services, options: BuildAppOptions) {
  const integrityTimer = setInterval(() => {
    integrity.check().catch((error: unknown) => app.log.warn({ err: error }, 'integrity check failed to run'));
  }, INTEGRITY_INTERVAL_MS);
  integrityTimer.unref();
  const failed = (what: string) => (error: unknown) => app.log.warn({ err: error }, `${what} failed to run`);
  const watchTimer = setInterval(() => void integrity.watchConfirmations().catch(failed('the confirmation watch')), CONFIRMATION_WATCH_MS);
  watchTimer.unref();
  const indexTimer = setInterval(() => void integrity.checkIndexes().catch(failed('the index check')), options.indexCheckIntervalMs ?? INDEX_CHECK_INTERVAL_MS);
  indexTimer.unref();
  if (options.backgroundJobs !== false) {
    app.addHook('onReady', async () => payments.jobs.start());
    app.addHook('onReady', async () => waitingRoom.start());
  }
  app.addHook('onClose', async () => {
    clearInterval(integrityTimer);
    clearInterval(watchTimer);
    clearInterval(indexTimer);
    changes.stop();
    await payments.jobs.stop();
    waitingRoom.stop();
    // The high-water mark recorded at shutdown too: a copy of the database from before this moment is recognised.
    if (options.highWaterMark) await integrity.checkNow().catch((error: unknown) => app.log.warn({ err: error }, 'could not record the high-water mark at shutdown'));
    await mailer.close();
  });
}
