import path from 'node:path';
import { z } from 'zod';
import { SHOW_MAX_DAYS_AHEAD } from '../contract/schedule.ts';
import { proxyListProblems } from './proxy-ranges.ts';
import {
  absoluteUrl,
  logLevel,
  nodeEnv,
  onOff,
  optional,
  origins,
  readEnvironment,
  text,
  wholeNumber,
  withDefault,
  type CrossRule,
  type Env,
  type Rule,
} from './environment.ts';

/** Everything the service reads from the environment, parsed once at start. */
export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** How long a request (headers and body) may take to arrive: a slower one is answered 408 and its connection closed. */
  requestTimeoutSeconds: number;
  /** Where the embedded database (and the local identity provider's keys and accounts) live. */
  dataDir: string;
  /** PostgreSQL server; when absent (and no MongoDB) the embedded PGlite store under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * The same PostgreSQL database reached without a transaction-mode pooler (PgBouncer), for what needs one
   * connection for its whole life: LISTEN and the migrations' lock. Defaults to databaseUrl.
   */
  databaseSessionUrl: string | undefined;
  /** MongoDB deployment (e.g. Atlas); selects the MongoDB store. Never together with databaseUrl. */
  mongodbUri: string | undefined;
  /** Connections each instance opens to a database server (PostgreSQL's pool, MongoDB's maxPoolSize); undefined: the store's default. */
  databasePoolSize: number | undefined;
  /** Signed-in callers each instance remembers (verified tokens, accounts already written): a presale's crowd fits. */
  authCacheEntries: number;
  /** Public origin of this service, used for links it hands out (images, checkout). */
  publicUrl: string;
  /** Origin of the shell, for links back to the site. */
  shellUrl: string;
  corsOrigins: string[];
  theatreTimeZone: string;
  currency: string;
  holdMinutes: number;
  /** Online sales of a show close this long before it starts: no hold is made after that (none would be payable in time). */
  salesCloseMinutes: number;
  /** A paid booking may be cancelled by its owner, refunded in full, until this long before its show; 0: never (contract/cancellation.ts). */
  cancellationCutoffMinutes: number;
  /** Against seat hoarding: unpaid seats one account may hold, and the wait before re-holding a seat it let lapse. */
  holds: {
    maxHeldSeatsPerShow: number;
    maxHeldSeats: number;
    reholdCooldownMinutes: number;
  };
  auth: {
    issuer: string;
    audience: string;
    /** Where the issuer publishes its signing keys (Auth0, or the local identity provider by default). */
    jwksUrl: string;
    rolesClaim: string;
    /** Tokens issued longer ago than this are refused, whatever their expiry (and one issued in the future). */
    maxTokenAgeSeconds: number;
  };
  tmdb: {
    apiKey: string | undefined;
    baseUrl: string;
    timeoutMs: number;
    cacheTtlSeconds: number;
  };
  imageBaseUrl: string;
  rateLimit: {
    /** Requests per minute per client address across the API; 0 turns it off (and the next one too). */
    perIpPerMinute: number;
    /** The cacheable public reads (show lists, seat maps, posters) per client address: high, as a crowd may share one address. */
    publicReadsPerIpPerMinute: number;
    /** Booking attempts per minute per signed-in user. */
    bookingsPerUserPerMinute: number;
    /** Payment webhook deliveries per minute per address. */
    webhookPerMinute: number;
    /** The shell's remote load reports (POST /api/remote-events) per minute per address. */
    remoteEventsPerMinute: number;
    /** Joins of an on-sale waiting room per minute per address (a join is a write; polls are not limited here). */
    waitingRoomJoinsPerIpPerMinute: number;
    /** Every per-address limit counts an IPv6 client by its network of this many bits (http/client-address.ts). */
    ipv6Prefix: number;
  };
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits and stream caps
   * count per address): false (default: the socket's peer), the proxies' addresses/CIDRs, or a hop count
   * (that many proxies in front: the address the nearest one saw). Never `true` (any: forgeable).
   */
  trustProxy: false | number | string;
  /** Caps on open live seat-map streams (server-sent events); past them the seat map polls instead. */
  seatStreams: {
    perAddress: number;
    perUser: number;
    perShow: number;
    total: number;
    /** A stream is ended after this long (the browser reconnects), so none is held forever. */
    maxLifetimeSeconds: number;
  };
  /**
   * Open waiting-room queue streams per instance (one per moviegoer waiting: an on-sale's whole crowd); the
   * per-address and per-user caps and the lifetime are the seat streams'. Past it, pages poll instead.
   */
  waitingRoomStreams: { total: number };
  /** Joins waiting their turn to be written, per instance (waiting-room.ts): past it a join is answered 503 with Retry-After. */
  waitingRoomJoinBacklog: number;
  /** How far ahead staff may set an on-sale time (from the theatre's today). */
  onSale: { maxDaysAhead: number };
  /** When the door admits a show's tickets, around its start (check-in/admission-rules.ts). */
  checkIn: { opensMinutesBefore: number; closesMinutesAfter: number };
  /** Unknown codes one door account may scan a minute, each logged; past it 429, only counted. */
  checkInUnknownCodesPerMinute: number;
  payments: {
    /** Stripe when STRIPE_SECRET_KEY is set; otherwise the service's own local checkout (development and tests). */
    provider: 'stripe' | 'local';
    stripe: {
      secretKey: string | undefined;
      /** Another API endpoint than Stripe's (stripe-mock, a test stand-in): protocol, host and port. */
      apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
      timeoutMs: number;
    };
    /**
     * The secret webhook signatures are checked with (Stripe's whsec_...). Unset with the local
     * checkout: a development secret is generated and kept in DATA_DIR/payments/.
     */
    webhookSecret: string | undefined;
    /** Signed events older than this are refused (replays). */
    webhookToleranceSeconds: number;
    /** How often expired holds are released (0: only at start). */
    sweepIntervalSeconds: number;
    /** How often unpaid bookings are checked with the provider and due emails retried (0: only at start). */
    reconcileIntervalSeconds: number;
  };
  email: {
    /** SMTP server (smtp:// or smtps://); unset: messages are only kept in the outbox. */
    smtpUrl: string | undefined;
    from: string;
    timeoutMs: number;
  };
  /** Seed movies, shows and sample bookings into an empty store (never in production). */
  seed: boolean;
  /** What start-up may do with a database it cannot vouch for; each is an operator's explicit decision. */
  storeIdentity: {
    /** Set up an empty database that has no identity record; always so outside production. */
    initialiseEmpty: boolean;
    /** The identity of the database the operator adopts as this location's (a restored or replaced one). */
    adopt: string | undefined;
  };
  logLevel: string;
  /** The access log (http/request-logging.ts): one line for every `accessLogEvery`th successful answer (0: none), and every 4xx and 5xx. */
  accessLogEvery: number;
  /** Load shedding (http/load-shedding.ts): past a threshold requests get 503 with Retry-After; 0 turns a check off. */
  loadShedding: {
    maxEventLoopDelayMs: number;
    maxHeapUsedMb: number;
    maxRssMb: number;
    retryAfterSeconds: number;
  };
  /** On SIGTERM: how long in-flight requests and streams get before the instance exits anyway. */
  shutdownTimeoutSeconds: number;
  /** Prometheus metrics on their own listener, never the public API's port; undefined: not served. */
  metrics: { host: string; port: number } | undefined;
  /** Redis shared by the instances for the per-address rate limits; unset: each instance counts alone. */
  redisUrl: string | undefined;
  /** OpenTelemetry traces over OTLP/HTTP; undefined: no tracing at all (its modules are not even loaded). */
  tracing: { endpoint: string; serviceName: string } | undefined;
}

export { ConfigError } from './environment.ts';

export const ROLES_CLAIM = 'https://movie-app/roles';
export const DEFAULT_AUDIENCE = 'https://movie-app/api';
export const LOCAL_ISSUER = 'http://localhost:4400/';
export const DEFAULT_FRONTEND_ORIGINS = [3000, 3001, 3002, 3003].map((port) => `http://localhost:${port}`);

const timeZone: Rule<string> = {
  check: (raw) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: raw });
      return true;
    } catch {
      return false;
    }
  },
  allowed: (raw) => `must be an IANA time zone such as Europe/London, got "${raw}"`,
  decode: (raw) => raw,
};

const currency: Rule<string> = {
  check: (raw) => {
    const code = raw.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) return false;
    try {
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      return true;
    } catch {
      return false;
    }
  },
  allowed: (raw) => `must be an ISO 4217 code such as USD or EUR, got "${raw}"`,
  decode: (raw) => raw.toUpperCase(),
};

/**
 * `true` is refused: Fastify then believes the left-most X-Forwarded-For, which the client writes,
 * so each client chose its own address and passed every per-address limit (100 of 100 joins against 30).
 */
const isProxyList = (raw: string) => /^[0-9a-fA-F.:/,\s]+$/.test(raw) && /[.:]/.test(raw);
const trustProxy: Rule<Config['trustProxy']> = {
  check: (raw) => raw === 'false' || /^[1-9]$/.test(raw) || (isProxyList(raw) && proxyListProblems(raw).length === 0),
  allowed: (raw) =>
    raw === 'true'
      ? 'must not be true: that believes any X-Forwarded-For a client writes, so every client picks its own address and passes every per-address limit. Name the proxies\' addresses (TRUST_PROXY=10.0.0.5) or how many proxies stand in front (TRUST_PROXY=1); see docs/operators/client-addresses.md'
      : isProxyList(raw)
        ? `must name only the proxies' own addresses or ranges: ${proxyListProblems(raw).join('; ')}`
        : `must be false, the proxies' addresses or CIDRs comma-separated (10.0.0.5,10.1.0.0/16), or the number of proxies in front (1-9), got "${raw}"`,
  decode: (raw) => (raw === 'false' ? false : /^[1-9]$/.test(raw) ? Number(raw) : raw),
};

const auth0Domain: Rule<string> = {
  check: (raw) => /^(https?:\/\/)?[^\s/]+\/?$/.test(raw),
  allowed: (raw) => `must be the Auth0 tenant's domain such as cinema.eu.auth0.com, got "${raw}"`,
  decode: (raw) => raw.replace(/^https?:\/\//, '').replace(/\/$/, ''),
};

const absoluteUrlAsWritten: Rule<string> = { ...absoluteUrl, decode: (raw) => raw };

const postgresUrl: Rule<string> = {
  check: (raw) => /^postgres(ql)?:\/\/\S*$/.test(raw),
  allowed: () => 'must be a PostgreSQL connection URL (postgres://user:password@host:5432/database)',
  decode: (raw) => raw,
};

const mongodbUri: Rule<string> = {
  check: (raw) => /^mongodb(\+srv)?:\/\/[^/\s]+/.test(raw),
  allowed: () => 'must be a MongoDB connection string (mongodb://... or mongodb+srv://...)',
  decode: (raw) => raw,
};

const stripeSecretKey: Rule<string> = {
  check: (raw) => /^(sk|rk)_(test|live)_\S+$/.test(raw),
  allowed: () => 'must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)',
  decode: (raw) => raw,
};

const stripeWebhookSecret: Rule<string> = {
  check: (raw) => /^whsec_\S{8,}$/.test(raw),
  allowed: () => 'must be the signing secret of the webhook endpoint (whsec_...)',
  decode: (raw) => raw,
};

const stripeApiBase: Rule<NonNullable<Config['payments']['stripe']['apiBase']>> = {
  check: (raw) => URL.canParse(raw) && ['http:', 'https:'].includes(new URL(raw).protocol),
  allowed: (raw) => `must be an http:// or https:// URL such as http://127.0.0.1:12111, got "${raw}"`,
  decode: (raw) => {
    const url = new URL(raw);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    return { protocol, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)) };
  },
};

const identityId: Rule<string> = {
  check: (raw) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw),
  allowed: (raw) => `must be the identity the refusal to start named, such as 0b6c1f0e-6f1a-4b53-9d8e-2f0c8a1e7d42, got "${raw}"`,
  decode: (raw) => raw,
};

const redisUrl: Rule<string> = {
  check: (raw) => URL.canParse(raw) && ['redis:', 'rediss:'].includes(new URL(raw).protocol),
  allowed: () => 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
  decode: (raw) => raw,
};

const smtpUrl: Rule<string> = {
  check: (raw) => /^smtps?:\/\/[^\s/]+/i.test(raw),
  allowed: () => 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
  decode: (raw) => raw,
};

/**
 * Every variable the service reads, with its default where it has one and what it does: docs/operators/configuration.md
 * is written from these (`node scripts/config-reference.mjs`), so each variable carries its description here.
 */
export const ServiceEnvironment = z.object({
  NODE_ENV: withDefault(nodeEnv, 'development').meta({
    description: '`production` refuses to start without a real identity provider and without Stripe, and never seeds; `test` makes the log silent; any other value runs as development',
  }),
  HOST: withDefault(text, '127.0.0.1').meta({ description: 'the address the service listens on (`HOST=0.0.0.0` in a container)' }),
  PORT: withDefault(wholeNumber(0, 65535), '4000').meta({ description: 'the port the service listens on' }),
  REQUEST_TIMEOUT_SECONDS: withDefault(wholeNumber(1, 3600), '30').meta({
    description: 'how long a request (headers and body) may take to arrive; a slower one is answered 408 and its connection closed (answers and seat streams are not limited)',
  }),
  DATA_DIR: withDefault(text, '.data').meta({ description: 'the embedded database, the development keys and the local identity provider\'s state' }),
  DATABASE_URL: optional(postgresUrl).meta({
    description: 'a PostgreSQL server, e.g. `postgres://user:pw@host:5432/cinema`; several instances may share it (see [Running several instances](several-instances.md))',
    default: 'unset: PGlite in `DATA_DIR` (on its own worker thread, one process only)',
  }),
  DATABASE_SESSION_URL: optional(postgresUrl).meta({
    description:
      'the same database as `DATABASE_URL` reached directly (or through a session-mode pooler), for what needs one server connection for its whole life: LISTEN for other instances\' changes, and the migrations under their lock at start; set it when `DATABASE_URL` points at PgBouncer in transaction mode (see [PgBouncer](pgbouncer.md))',
    default: '`DATABASE_URL`',
  }),
  MONGODB_URI: optional(mongodbUri).meta({
    description: 'a MongoDB deployment instead, e.g. Atlas `mongodb+srv://…/cinema`; never together with `DATABASE_URL` (see [MongoDB deployments](../service/mongodb.md))',
  }),
  DATABASE_POOL_SIZE: optional(wholeNumber(1, 1_000)).meta({
    description:
      'connections each instance opens to PostgreSQL (its pool; LISTEN takes one more) or to MongoDB (the driver\'s `maxPoolSize`); instances × this must stay under the server\'s `max_connections` (through PgBouncer: its `max_client_conn`, see [PgBouncer](pgbouncer.md)), see [Running several instances](several-instances.md)',
    default: '20 (PostgreSQL), 50 (MongoDB)',
  }),
  AUTH_CACHE_ENTRIES: withDefault(wholeNumber(100, 10_000_000), '20000').meta({
    description: 'signed-in callers each instance remembers: tokens already verified and accounts already written (an on-sale\'s crowd should fit: past it the oldest are verified again, costing CPU, not correctness)',
  }),
  PUBLIC_URL: optional(absoluteUrl).meta({
    description: 'the service\'s public origin (image and checkout links)',
    default: '`http://localhost:$PORT`',
  }),
  SHELL_URL: withDefault(absoluteUrl, 'http://localhost:3000').meta({
    description: 'the site\'s origin (links back from the checkout page, Stripe\'s success and cancel URLs)',
  }),
  CORS_ORIGINS: withDefault(origins, DEFAULT_FRONTEND_ORIGINS.join(',')).meta({
    description: 'comma-separated allowed origins (scheme, host and port); the default is the four local frontends',
  }),
  THEATRE_TIMEZONE: withDefault(timeZone, 'UTC').meta({ description: 'the fallback IANA time zone (e.g. `Asia/Kolkata`) for what names no cinema: the chain-wide sales report\'s days, List Shows/List Bookings dates without a cinema or screen, the on-sale window\'s "today", the test email. Every show is listed, entered and ruled on its own cinema\'s clock (the built-in chain\'s: Asia/Kolkata)' }),
  CURRENCY: withDefault(currency, 'USD').meta({
    description: 'ISO 4217 code of the prices; amounts are integer cents in the database and sent to Stripe in the currency\'s smallest unit (cents kept; zero-decimal currencies such as JPY in whole units)',
  }),
  HOLD_MINUTES: withDefault(wholeNumber(1, 24 * 60), '10').meta({ description: 'how long a new booking holds its seats unpaid' }),
  SALES_CLOSE_MINUTES: withDefault(wholeNumber(0, 24 * 60), '15').meta({
    description: 'online sales of a show close this many minutes before it starts (0 to 1440): holds after that are refused (409 "Online sales for this show closed at …"), and the customer site shows "Sales close at …" / "Online sales closed"; in `GET /api/config` as `salesCloseMinutes`',
  }),
  CANCELLATION_CUTOFF_MINUTES: withDefault(wholeNumber(0, 30 * 24 * 60), '120').meta({
    description: 'the cancellation policy: a moviegoer may cancel a paid booking themselves, refunded in full through the payment provider, until this many minutes before the show starts (`POST /api/booking/:bookingId/cancel`; the customer site states the policy before paying and on the ticket); `0` turns self-service cancellation off (staff cancelling a show still refunds); in `GET /api/config` as `cancellationCutoffMinutes`, see [Payments](../service/payments.md)',
  }),
  MAX_HELD_SEATS_PER_SHOW: withDefault(wholeNumber(1, 1000), '10').meta({
    description: 'unpaid seats one account may hold per show, against seat hoarding (see [Limits and guarantees](reliability.md))',
  }),
  MAX_HELD_SEATS: withDefault(wholeNumber(1, 10_000), '20').meta({ description: 'unpaid seats one account may hold across shows' }),
  REHOLD_COOLDOWN_MINUTES: optional(wholeNumber(0, 24 * 60)).meta({
    description: 'how long a seat whose hold an account let lapse stays open to others before that account may hold it again; in `GET /api/config` as `reholdCooldownMinutes`',
    default: '`HOLD_MINUTES`',
  }),
  AUTH0_DOMAIN: optional(auth0Domain).meta({
    description: 'verify the access tokens of this Auth0 tenant (e.g. `cinema.eu.auth0.com`; RS256 via the tenant\'s JWKS, issuer `https://<domain>/`); roles from the claim `https://movie-app/roles` (add it with an Auth0 Action, see [Sign-in](../service/sign-in.md))',
  }),
  AUTH0_AUDIENCE: optional(text).meta({
    description: 'the identifier of the Auth0 API: the audience of its access tokens (e.g. `https://movie-app/api`)',
  }),
  AUTH_ISSUER: optional(absoluteUrlAsWritten).meta({
    description: 'any other OpenID provider: its issuer, compared as written with the tokens\' `iss` (without `AUTH0_DOMAIN` or this, the local identity provider on port 4400)',
    default: '`http://localhost:4400/`',
  }),
  AUTH_AUDIENCE: optional(text).meta({ description: 'the audience of the access tokens the service accepts', default: '`https://movie-app/api`' }),
  AUTH_JWKS_URL: optional(absoluteUrl).meta({
    description: 'where the issuer publishes its signing keys',
    default: 'the issuer\'s `.well-known/jwks.json`',
  }),
  TOKEN_MAX_AGE_SECONDS: withDefault(wholeNumber(60, 30 * 86_400), '86400').meta({
    description: 'a token issued longer ago is refused (401) whatever its expiry (the default is Auth0\'s token lifetime); one issued in the future (beyond 5 s of clock difference) is refused too',
  }),
  TMDB_API_KEY: optional(text).meta({
    description: 'proxy TMDB server-side with a cache (the browser never holds the key)',
    default: 'unset: the built-in catalogue',
  }),
  TMDB_BASE_URL: withDefault(absoluteUrl, 'https://api.themoviedb.org/3').meta({ description: 'TMDB\'s API endpoint' }),
  TMDB_TIMEOUT_MS: withDefault(wholeNumber(100, 60_000), '5000').meta({ description: 'per call to TMDB' }),
  TMDB_CACHE_TTL_SECONDS: withDefault(wholeNumber(0, 7 * 24 * 3600), '3600').meta({ description: 'how long TMDB\'s answers are cached' }),
  IMAGE_BASE_URL: optional(absoluteUrl).meta({
    description: 'joined with the catalogue\'s image paths',
    default: '`$PUBLIC_URL/api/images`, or TMDB\'s image CDN with a key',
  }),
  RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(0, 10_000_000), '1200').meta({
    description: 'requests per client address across the API (0 turns off every per-address limit)',
  }),
  PUBLIC_READ_RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, 100_000_000), '60000').meta({
    description: 'per client address for the cacheable public reads (show lists, seat list, posters, config), see [Limits and guarantees](reliability.md)',
  }),
  BOOKING_RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, 10_000), '10').meta({ description: 'booking attempts per signed-in user' }),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, 1_000_000), '600').meta({ description: 'payment webhook deliveries per address' }),
  REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, 1_000_000), '60').meta({
    description: 'the shell\'s remote load reports (`POST /api/remote-events`) per address',
  }),
  WAITING_ROOM_JOINS_PER_IP_PER_MINUTE: withDefault(wholeNumber(1, 10_000_000), '30').meta({
    description: 'joins of an on-sale waiting room per client address (polls are not limited by it), see [Presale waiting room](../service/waiting-room.md)',
  }),
  RATE_LIMIT_IPV6_PREFIX: withDefault(wholeNumber(32, 128), '64').meta({
    description: 'an IPv6 client is counted by its network of this many bits by every per-address limit (one subscriber is usually given a /64; 128 counts single addresses)',
  }),
  TRUST_PROXY: withDefault(trustProxy, 'false').meta({
    description: 'whose `X-Forwarded-For` to believe for the client address that rate limits and stream caps count: `false` (the socket\'s peer), the proxies\' own addresses/CIDRs, comma-separated (`10.0.0.5,127.0.0.1`), or the number of proxies in front (`1`: the address the nearest proxy saw). `true` is refused: it believes what the client writes. See [Client addresses](client-addresses.md) (the nginx recipe). Behind a proxy without it, every client shares the proxy\'s address',
  }),
  // At most the shows' own horizon (contract/schedule.ts: SHOW_MAX_DAYS_AHEAD): an on-sale past it has no show to sell.
  ON_SALE_MAX_DAYS_AHEAD: withDefault(wholeNumber(1, SHOW_MAX_DAYS_AHEAD), '366').meta({
    description: 'how far ahead staff may set an on-sale time (from the theatre\'s today); a later one is refused as a typo',
  }),
  CHECK_IN_OPENS_MINUTES_BEFORE: withDefault(wholeNumber(0, 24 * 60), '60').meta({
    description: 'how many minutes before a show starts the door begins admitting its tickets (`POST /api/admin/check-in`, see [Check-in at the door](../service/check-in.md))',
  }),
  CHECK_IN_UNKNOWN_CODES_PER_MINUTE: withDefault(wholeNumber(1, 100_000), '30').meta({
    description: 'unknown ticket codes one door account may scan a minute, each logged; past it the door is answered 429 with Retry-After and the scans are only counted (`door_unknown_codes_throttled_total`), so a stolen door token cannot fill the log (see [Check-in at the door](../service/check-in.md))',
  }),
  CHECK_IN_CLOSES_MINUTES_AFTER: withDefault(wholeNumber(0, 24 * 60), '30').meta({
    description: 'how many minutes after a show starts the door still admits its tickets (latecomers); later scans are refused as too late',
  }),
  SEAT_STREAMS_PER_ADDRESS: withDefault(wholeNumber(1, 100_000), '50').meta({
    description: 'open live seat-map streams per client address (see [Limits and guarantees](reliability.md)); the waiting room\'s queue streams count against it too',
  }),
  SEAT_STREAMS_PER_USER: withDefault(wholeNumber(1, 100_000), '10').meta({ description: 'open live seat-map streams per signed-in user' }),
  SEAT_STREAMS_PER_SHOW: withDefault(wholeNumber(1, 1_000_000), '2000').meta({ description: 'open live seat-map streams per show' }),
  SEAT_STREAMS_TOTAL: withDefault(wholeNumber(1, 1_000_000), '5000').meta({ description: 'open live seat-map streams per instance' }),
  SEAT_STREAM_MAX_SECONDS: withDefault(wholeNumber(5, 24 * 3600), '600').meta({
    description: 'a seat stream ends after this long (the browser reconnects, counted again)',
  }),
  WAITING_ROOM_STREAMS_TOTAL: withDefault(wholeNumber(1, 1_000_000), '20000').meta({
    description: 'open waiting-room queue streams per instance (one per moviegoer waiting); past it pages poll instead',
  }),
  WAITING_ROOM_JOIN_BACKLOG: withDefault(wholeNumber(1, 1_000_000), '2000').meta({
    description:
      'joins of a waiting room an instance holds in memory while it writes 5 at a time (about 1,000 a second); past it a join is answered 503 with `Retry-After` and the page tries again, so a crowd beyond what the database takes waits in browsers, not in the instance\'s memory, see [Presale waiting room](../service/waiting-room.md)',
  }),
  STRIPE_SECRET_KEY: optional(stripeSecretKey).meta({
    description: '`sk_live_…`/`sk_test_…` (or a restricted `rk_…` key with Checkout Sessions write and Refunds write): payments through Stripe Checkout (see [Payments](../service/payments.md))',
    default: 'unset: the local checkout',
  }),
  STRIPE_WEBHOOK_SECRET: optional(stripeWebhookSecret).meta({
    description: 'the webhook endpoint\'s signing secret `whsec_…`; required with `STRIPE_SECRET_KEY`',
    default: 'generated (local checkout only), kept in `DATA_DIR/payments/webhook-secret`',
  }),
  STRIPE_API_BASE: optional(stripeApiBase).meta({
    description: 'another API endpoint, e.g. stripe-mock `http://127.0.0.1:12111`',
    default: 'Stripe\'s',
  }),
  STRIPE_TIMEOUT_MS: withDefault(wholeNumber(100, 120_000), '10000').meta({
    description: 'per call to Stripe (one retry with the same idempotency key)',
  }),
  HOLD_SWEEP_SECONDS: withDefault(wholeNumber(0, 3600), '15').meta({
    description: 'how often the hold sweeper runs (also at start; 0: only at start)',
  }),
  RECONCILE_SECONDS: withDefault(wholeNumber(0, 3600), '30').meta({
    description: 'how often the reconciliation runs: unpaid bookings checked with the payment provider, pending refunds and due emails retried (also at start; 0: only at start)',
  }),
  SMTP_URL: optional(smtpUrl).meta({
    description: '`smtps://user:password@smtp.example.com:465` (or `smtp://…:587` with STARTTLS), through nodemailer (see [Email](../service/email.md))',
    default: 'unset: the outbox only',
  }),
  EMAIL_FROM: withDefault(text, 'Movie Tickets <tickets@localhost>').meta({ description: 'the sender' }),
  SMTP_TIMEOUT_MS: withDefault(wholeNumber(100, 120_000), '15000').meta({ description: 'connection, greeting and socket timeouts' }),
  SEED: optional(onOff).meta({
    description: '`true` or `false`: seed an empty store with movies, a week of shows and sample bookings (development only: refused with `NODE_ENV=production`)',
    default: '`true`, `false` in production',
  }),
  INIT_EMPTY_DATABASE: withDefault(onOff, 'false').meta({
    description: 'with `NODE_ENV=production`, set up an empty database that has no identity record (a new deployment\'s first start); without it production refuses to start on one, see [Limits and guarantees](reliability.md)',
  }),
  ADOPT_STORE: optional(identityId).meta({
    description: 'the identity (a UUID) of a database to adopt as this location\'s, when start-up refused it: a restored or replaced database, or one whose identity record was lost; works at the first start that sees it only (recorded as spent in the marker) and is ignored afterwards; see [Limits and guarantees](reliability.md) and [Backup and restore](backup-and-restore.md)',
  }),
  LOG_LEVEL: optional(logLevel).meta({
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    default: '`info` (`silent` with `NODE_ENV=test`)',
  }),
  ACCESS_LOG_EVERY: withDefault(wholeNumber(0, 1_000_000), '1').meta({
    description: 'the access log writes one line (`"msg":"request"`: method, url, route, status, ms) for every Nth successful answer: 1 logs each, 100 one in a hundred, 0 none; answers of 400 or more are always logged, a 4xx at `warn`, a 5xx at `error` (the other lines are `info`: `LOG_LEVEL` above `info` drops them), see [Traces and logs](traces-and-logs.md)',
  }),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: withDefault(wholeNumber(0, 60_000), '1000').meta({
    description: 'past this mean event-loop delay the API answers 503 with Retry-After (0: off), see [Load shedding](load-shedding.md)',
  }),
  LOAD_SHED_HEAP_USED_MB: withDefault(wholeNumber(0, 1_000_000), '0').meta({
    description: 'past this V8 heap in use, the same (0: off; about 90% of the container\'s memory limit)',
  }),
  LOAD_SHED_RSS_MB: withDefault(wholeNumber(0, 1_000_000), '0').meta({
    description: 'past this resident memory, the same (0: off; e.g. `460` under a 512 MiB limit)',
  }),
  LOAD_SHED_RETRY_AFTER_SECONDS: withDefault(wholeNumber(1, 3600), '10').meta({ description: 'the `Retry-After` of a shed request' }),
  SHUTDOWN_TIMEOUT_SECONDS: withDefault(wholeNumber(1, 600), '10').meta({
    description: 'on SIGTERM, how long in-flight requests get before the instance exits anyway, see [Shutdown](shutdown.md)',
  }),
  METRICS_PORT: optional(wholeNumber(1, 65535)).meta({
    description: 'Prometheus metrics at `GET /metrics` on a port of their own, never the API\'s, see [Metrics](metrics.md)',
    default: 'unset: no metrics',
  }),
  METRICS_HOST: withDefault(text, '127.0.0.1').meta({
    description: 'the address the metrics listener binds (e.g. `0.0.0.0` inside a container whose metrics port is not published)',
  }),
  REDIS_URL: optional(redisUrl).meta({
    description: 'a Redis (`redis://…` or `rediss://…`) where every instance counts the rate limits together, see [Running several instances](several-instances.md)',
    default: 'unset: each instance counts its own',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(absoluteUrl).meta({
    description: 'OpenTelemetry traces over OTLP/HTTP to that collector (its base URL: spans go to `/v1/traces`), see [Traces and logs](traces-and-logs.md)',
    default: 'unset: no tracing',
  }),
  OTEL_SERVICE_NAME: withDefault(text, 'booking-service').meta({ description: 'the service\'s name in its traces' }),
});

/** The issuer whose tokens the service accepts: the Auth0 tenant, another provider, or the local one. */
function issuerOf(auth0Domain: string | undefined, authIssuer: string | undefined): string {
  return auth0Domain ? `https://${auth0Domain}/` : authIssuer || LOCAL_ISSUER;
}

/** The rules across variables: which store, which payment provider, what production needs. */
const crossRules: CrossRule[] = [
  (env) =>
    env.DATABASE_URL && env.MONGODB_URI
      ? 'DATABASE_URL (PostgreSQL) and MONGODB_URI (MongoDB) are both set: set only the one for the store to use'
      : undefined,
  (env) =>
    env.DATABASE_SESSION_URL && !env.DATABASE_URL
      ? 'DATABASE_SESSION_URL is set without DATABASE_URL: it is the PostgreSQL store\'s second address, set DATABASE_URL too'
      : undefined,
  (env) =>
    env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET
      ? 'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: add the webhook endpoint in Stripe and set its signing secret'
      : undefined,
  (env) =>
    env.NODE_ENV === 'production' && !env.AUTH0_DOMAIN && (env.AUTH_ISSUER ?? LOCAL_ISSUER) === LOCAL_ISSUER
      ? 'NODE_ENV=production needs a real identity provider: set AUTH0_DOMAIN (or AUTH_ISSUER)'
      : undefined,
  (env) =>
    env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY
      ? 'NODE_ENV=production needs a real payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the local checkout takes test cards only)'
      : undefined,
  (env) =>
    env.METRICS_PORT && env.METRICS_PORT === (env.PORT ?? '4000')
      ? 'METRICS_PORT is the API port: metrics go on a port of their own, kept off the public network'
      : undefined,
  (env) =>
    env.NODE_ENV === 'production' && env.SEED === 'true'
      ? 'SEED=true is for development only: production never takes sample data (to set up an empty database, set INIT_EMPTY_DATABASE=true)'
      : undefined,
];

/** The service's settings from the environment (every problem reported at once, as a ConfigError). */
export function loadConfig(env: Env = process.env): Config {
  const e = readEnvironment(ServiceEnvironment, env, crossRules);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const issuer = issuerOf(e.AUTH0_DOMAIN, e.AUTH_ISSUER);

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSessionUrl: e.DATABASE_SESSION_URL ?? e.DATABASE_URL,
    mongodbUri: e.MONGODB_URI,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    authCacheEntries: e.AUTH_CACHE_ENTRIES,
    publicUrl,
    shellUrl: e.SHELL_URL,
    corsOrigins: e.CORS_ORIGINS,
    theatreTimeZone: e.THEATRE_TIMEZONE,
    currency: e.CURRENCY,
    holdMinutes: e.HOLD_MINUTES,
    salesCloseMinutes: e.SALES_CLOSE_MINUTES,
    cancellationCutoffMinutes: e.CANCELLATION_CUTOFF_MINUTES,
    holds: {
      maxHeldSeatsPerShow: e.MAX_HELD_SEATS_PER_SHOW,
      maxHeldSeats: e.MAX_HELD_SEATS,
      reholdCooldownMinutes: e.REHOLD_COOLDOWN_MINUTES ?? e.HOLD_MINUTES,
    },
    auth: {
      issuer,
      audience: e.AUTH0_AUDIENCE ?? e.AUTH_AUDIENCE ?? DEFAULT_AUDIENCE,
      // Auth0 and the local identity provider both publish their keys here.
      jwksUrl: e.AUTH_JWKS_URL ?? new URL('.well-known/jwks.json', issuer).toString(),
      rolesClaim: ROLES_CLAIM,
      maxTokenAgeSeconds: e.TOKEN_MAX_AGE_SECONDS,
    },
    tmdb: {
      apiKey: e.TMDB_API_KEY,
      baseUrl: e.TMDB_BASE_URL,
      timeoutMs: e.TMDB_TIMEOUT_MS,
      cacheTtlSeconds: e.TMDB_CACHE_TTL_SECONDS,
    },
    imageBaseUrl: e.IMAGE_BASE_URL ?? (e.TMDB_API_KEY ? 'https://image.tmdb.org/t/p/original' : `${publicUrl}/api/images`),
    rateLimit: {
      perIpPerMinute: e.RATE_LIMIT_PER_MINUTE,
      publicReadsPerIpPerMinute: e.PUBLIC_READ_RATE_LIMIT_PER_MINUTE,
      bookingsPerUserPerMinute: e.BOOKING_RATE_LIMIT_PER_MINUTE,
      webhookPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
      remoteEventsPerMinute: e.REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE,
      waitingRoomJoinsPerIpPerMinute: e.WAITING_ROOM_JOINS_PER_IP_PER_MINUTE,
      ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    },
    trustProxy: e.TRUST_PROXY,
    seatStreams: {
      perAddress: e.SEAT_STREAMS_PER_ADDRESS,
      perUser: e.SEAT_STREAMS_PER_USER,
      perShow: e.SEAT_STREAMS_PER_SHOW,
      total: e.SEAT_STREAMS_TOTAL,
      maxLifetimeSeconds: e.SEAT_STREAM_MAX_SECONDS,
    },
    waitingRoomStreams: { total: e.WAITING_ROOM_STREAMS_TOTAL },
    waitingRoomJoinBacklog: e.WAITING_ROOM_JOIN_BACKLOG,
    onSale: { maxDaysAhead: e.ON_SALE_MAX_DAYS_AHEAD },
    checkIn: { opensMinutesBefore: e.CHECK_IN_OPENS_MINUTES_BEFORE, closesMinutesAfter: e.CHECK_IN_CLOSES_MINUTES_AFTER },
    checkInUnknownCodesPerMinute: e.CHECK_IN_UNKNOWN_CODES_PER_MINUTE,
    payments: {
      provider: e.STRIPE_SECRET_KEY ? 'stripe' : 'local',
      stripe: { secretKey: e.STRIPE_SECRET_KEY, apiBase: e.STRIPE_API_BASE, timeoutMs: e.STRIPE_TIMEOUT_MS },
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      webhookToleranceSeconds: 300,
      sweepIntervalSeconds: e.HOLD_SWEEP_SECONDS,
      reconcileIntervalSeconds: e.RECONCILE_SECONDS,
    },
    email: { smtpUrl: e.SMTP_URL, from: e.EMAIL_FROM, timeoutMs: e.SMTP_TIMEOUT_MS },
    seed: e.SEED ?? e.NODE_ENV !== 'production',
    storeIdentity: { initialiseEmpty: e.NODE_ENV !== 'production' || e.INIT_EMPTY_DATABASE, adopt: e.ADOPT_STORE },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    accessLogEvery: e.ACCESS_LOG_EVERY,
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
      maxHeapUsedMb: e.LOAD_SHED_HEAP_USED_MB,
      maxRssMb: e.LOAD_SHED_RSS_MB,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
    },
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    redisUrl: e.REDIS_URL,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : undefined,
  };
}
