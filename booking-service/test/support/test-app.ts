import { establishIdentity } from '../../src/integrity/store-identity.ts';
import { rebuildStaleIndexes } from '../../src/integrity/stale-indexes.ts';
import type { AddressInfo } from 'node:net';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.ts';
import type { Services } from '../../src/composition/services.ts';
import { createBuiltinCatalog } from '../../src/catalog/builtin-catalog.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createTokenVerifier, remoteKeySet } from '../../src/identity/token-verifier.ts';
import type { Store } from '../../src/store/types.ts';
import { seedStore } from '../../src/seed/seed.ts';
import type { Lane } from './databases.ts';
import { startTestSigner, TEST_ISSUER, type TestSigner, type TokenOptions } from './signer.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed and oversized bodies. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: App;
  /**
   * The services the app was composed with (src/composition/services.ts), as production's: the payment
   * service and its jobs, the mailer, the waiting room. Tests drive the background work through them.
   */
  services: Services;
  store: Store;
  config: Config;
  signer: TestSigner;
  baseUrl: string;
  /** A real HTTP request to the running service. */
  api<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  token(options?: TokenOptions): Promise<string>;
  tokenFor(email: string, roles?: string[]): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  seed?: boolean;
  /** Run on this store (another app's: a restart on the same database) instead of a fresh one; not closed with the app, seeded only with seed: true. */
  store?: Store;
  /** The hold sweeper and reconciliation on their timers; off by default (tests call services.payments.jobs). */
  backgroundJobs?: boolean;
  /** Told of every route as it is registered. */
  onRoute?: BuildAppOptions['onRoute'];
  /** Start-up's index check (src/serve.ts: stale indexes rebuilt), its warnings given here; not run by default. */
  checkIndexes?: (warning: string) => void;
  /** A DATA_DIR high-water mark, as the service keeps one (none by default). */
  highWaterMark?: BuildAppOptions['highWaterMark'];
  /** A DATA_DIR confirmation journal, as the service keeps one (none by default). */
  confirmationJournal?: BuildAppOptions['confirmationJournal'];
  /** Every line the service logs (level info and up) is pushed here; without it the app logs nothing. */
  logLines?: string[];
}

/** A logger that keeps every line in `lines` (the service's real log, as JSON lines), or none. */
function logTo(lines: string[] | undefined): BuildAppOptions['logger'] {
  return lines ? { level: 'info', stream: { write: (line: string) => void lines.push(line) } } : false;
}

/** The webhook signing secret the test apps use unless told otherwise. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_the_booking_service_tests';

/** The whole service on a fresh database of the lane, listening on a free local port. */
export async function startTestApp(lane: Lane, options: TestAppOptions = {}): Promise<TestApp> {
  const signer = await startTestSigner();
  const ownStore = !options.store;
  const store = options.store ?? (await lane.openStore());
  const now = options.now ?? (() => new Date());
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_JWKS_URL: signer.jwksUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    BOOKING_RATE_LIMIT_PER_MINUTE: '10000',
    DATA_DIR: '/nonexistent-test-data-dir',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    // Off: these tests check rules, on a machine whose load they do not control (a busy CI host can delay the
    // event loop past any fixed threshold); test/overload-shedding.test.ts sets thresholds of its own.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  // As the service's start-up does (src/main.ts), without a data folder to remember it in.
  await establishIdentity(store, { location: `test ${lane.name}`, now: now(), initialiseEmpty: true, log: { warn: () => {} } });
  if (options.checkIndexes) await rebuildStaleIndexes(store.integrity, { log: { warn: options.checkIndexes } });
  const catalog = createBuiltinCatalog({ now });
  if (ownStore ? options.seed !== false : options.seed === true) await seedStore(store, catalog, { now: now() });
  const verifyToken = createTokenVerifier({
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    rolesClaim: config.auth.rolesClaim,
    maxTokenAgeSeconds: config.auth.maxTokenAgeSeconds,
    keys: remoteKeySet(signer.jwksUrl),
  });
  const { app, services } = await buildApp({ config, store, catalog, verifyToken, now, logger: logTo(options.logLines), backgroundJobs: options.backgroundJobs ?? false, onRoute: options.onRoute, highWaterMark: options.highWaterMark, confirmationJournal: options.confirmationJournal });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function api(method: string, path: string, request: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.rawBody !== undefined) body = request.rawBody;
    else if (request.body !== undefined) body = JSON.stringify(request.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (HTML page, SVG): keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  return {
    app,
    services,
    store,
    config,
    signer,
    baseUrl,
    api,
    token: (o) => signer.token(o),
    tokenFor: (email, roles = []) => signer.token({ email, roles, sub: `test|${email}` }),
    async close() {
      await app.close();
      if (ownStore) await store.close();
      await signer.close();
    },
  };
}
