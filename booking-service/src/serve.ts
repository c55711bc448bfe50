import { buildApp } from './app.ts';
import { createBuiltinCatalog } from './catalog/builtin-catalog.ts';
import { createTmdbCatalog } from './catalog/tmdb-catalog.ts';
import type { Config } from './config/config.ts';
import { createTokenVerifier, remoteKeySet } from './identity/token-verifier.ts';
import { existsSync } from 'node:fs';
import { openStore, storeKind, storeLocation } from './db/open-store.ts';
import { checkIntegrity, describeDoubleSale, describeScheduleOverlap, type IntegrityReport } from './integrity/integrity-check.ts';
import { openConfirmationJournal, type ConfirmationJournal } from './integrity/confirmation-journal.ts';
import { openHighWaterMark } from './integrity/high-water-mark.ts';
import { checkRestorePoint } from './integrity/restore-point.ts';
import { rebuildStaleIndexes } from './integrity/stale-indexes.ts';
import { establishIdentity, StartupRefusal } from './integrity/store-identity.ts';
import type { Tracing } from './tracing/tracing.ts';
import { createPrivateFiles, makePrivate } from './db/private-files.ts';
import { seedStore } from './seed/seed.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { flushLog } from './http/log-destination.ts';

/** The service: its store opened and checked, the app built and listening, and its shutdown on SIGTERM. */
export async function serve(config: Config, tracing: Tracing | null) {
  createPrivateFiles();
  if (storeKind(config) === 'pglite' || existsSync(config.dataDir)) await makePrivate(config.dataDir);
  const store = await openStore(config);
  // DATA_DIR's record of what the database held: an older copy put back is refused, not served as current.
  const highWaterMark = openHighWaterMark(config.dataDir, storeLocation(config));
  // DATA_DIR's journal of the payments and admissions this instance confirmed: a restore is found by what it lost.
  let confirmationJournal: ConfirmationJournal;
  let integrity: IntegrityReport;
  // Before anything is served or seeded: never start over where data existed, never serve a damaged database.
  try {
    const warn = (message: string) => console.warn(message);
    const identity = await establishIdentity(store, {
      dataDir: config.dataDir,
      location: storeLocation(config),
      now: new Date(),
      initialiseEmpty: config.storeIdentity.initialiseEmpty,
      adopt: config.storeIdentity.adopt,
      log: { warn },
    });
    confirmationJournal = openConfirmationJournal(config.dataDir, storeLocation(config));
    // A stale index would sell a paid seat again: rebuilt from its table before any traffic.
    await rebuildStaleIndexes(store.integrity, { log: { warn } });
    const journal = confirmationJournal;
    await checkRestorePoint(store, highWaterMark, { dataDir: config.dataDir, location: storeLocation(config), identity: identity.id, now: new Date(), journal, log: { warn } });
    integrity = await checkIntegrity(store, new Date(), highWaterMark, { journal });
    if (!integrity.healthy) throw new StartupRefusal(`The database at ${storeLocation(config)} is damaged: ${integrity.problems.join(' ')}`);
    // Seats sold twice do not stop the service: their show's sales are stopped until support settles them.
    for (const sale of integrity.doubleSold) warn(describeDoubleSale(sale));
    for (const overlap of integrity.scheduleOverlaps) warn(describeScheduleOverlap(overlap));
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  const catalog = config.tmdb.apiKey
    ? createTmdbCatalog({ ...config.tmdb, apiKey: config.tmdb.apiKey })
    : createBuiltinCatalog({});
  const verifyToken = createTokenVerifier({
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    rolesClaim: config.auth.rolesClaim,
    maxTokenAgeSeconds: config.auth.maxTokenAgeSeconds,
    keys: remoteKeySet(config.auth.jwksUrl),
    cacheEntries: config.authCacheEntries,
  });
  const { app } = await buildApp({ config, store, catalog, verifyToken, tracing: tracing?.fastifyPlugin, highWaterMark, initialIntegrity: integrity, confirmationJournal });

  if (config.seed) {
    await seedStore(store, catalog, { now: new Date(), log: (m) => app.log.info(m) }).catch(
      (error: unknown) => app.log.error({ err: error }, 'seeding failed; the service runs without sample data'),
    );
  }

  // Scraped on the private network only: its own port, never the API's (see docs/operators/metrics.md).
  const metricsServer = config.metrics ? await startMetricsServer(app.metrics.registry, config.metrics) : null;
  if (config.metrics) app.log.info(`metrics on http://${config.metrics.host}:${config.metrics.port}/metrics`);

  let closing = false;
  /**
   * Graceful shutdown. app.close() makes every new request (readiness included) a 503, tells the open seat
   * streams to reconnect (they land on another instance), stops accepting connections and waits for the
   * requests in flight; then the database closes. Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining, then closing (at most ${config.shutdownTimeoutSeconds} s)`);
    const deadline = setTimeout(() => {
      app.log.error(`${signal}: requests still open after ${config.shutdownTimeoutSeconds} s; exiting without them`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    await app.close();
    await metricsServer?.close();
    await store.close();
    await tracing?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'could not send the last spans'));
    app.log.info(`${signal}: closed`);
    // The log is written in batches: its last lines go out before the process does.
    await flushLog();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`booking-service on ${config.publicUrl} (store: ${store.driver}, catalogue: ${catalog.name}, docs: ${config.publicUrl}/docs)`);
}
