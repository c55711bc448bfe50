import path from 'node:path';

/** Everything the service reads from the environment, parsed once at start. */
export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Where the embedded database (and the local identity provider's keys and accounts) live. */
  dataDir: string;
  /** PostgreSQL server; when absent (and no MongoDB) the embedded PGlite store under dataDir is used. */
  databaseUrl: string | undefined;
  /** MongoDB deployment (e.g. Atlas); selects the MongoDB store. Never together with databaseUrl. */
  mongodbUri: string | undefined;
  /** Public origin of this service, used for links it hands out (images, checkout). */
  publicUrl: string;
  /** Origin of the shell, for links back to the site. */
  shellUrl: string;
  corsOrigins: string[];
  theatreTimeZone: string;
  currency: string;
  holdMinutes: number;
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
  };
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits and stream caps
   * count per address): false (default: the socket's peer), true (any), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /** Caps on open live seat-map streams (server-sent events); past them the seat map polls instead. */
  seatStreams: {
    perAddress: number;
    perUser: number;
    perShow: number;
    total: number;
    /** A stream is ended after this long (the browser reconnects), so none is held forever. */
    maxLifetimeSeconds: number;
  };
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
  /** Seed movies, shows and sample bookings into an empty store. */
  seed: boolean;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

export const ROLES_CLAIM = 'https://movie-app/roles';
export const DEFAULT_AUDIENCE = 'https://movie-app/api';
export const LOCAL_ISSUER = 'http://localhost:4400/';
export const DEFAULT_FRONTEND_ORIGINS = [3000, 3001, 3002, 3003].map((port) => `http://localhost:${port}`);

export class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

function mongodbUri(env: Env): string | undefined {
  const raw = env.MONGODB_URI || undefined;
  if (raw === undefined) return undefined;
  if (env.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL (PostgreSQL) and MONGODB_URI (MongoDB) are both set: set only the one for the store to use');
  }
  if (!/^mongodb(\+srv)?:\/\/[^/\s]+/.test(raw)) {
    throw new ConfigError('MONGODB_URI must be a MongoDB connection string (mongodb://... or mongodb+srv://...)');
  }
  return raw;
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be true, false or a comma-separated list of proxy addresses, got "${raw}"`);
}

function timeZone(raw: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
    return raw;
  } catch {
    throw new ConfigError(`THEATRE_TIMEZONE must be an IANA time zone such as Europe/London, got "${raw}"`);
  }
}

function currency(raw: string): string {
  const code = raw.toUpperCase();
  try {
    if (!/^[A-Z]{3}$/.test(code)) throw new RangeError(code);
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return code;
  } catch {
    throw new ConfigError(`CURRENCY must be an ISO 4217 code such as USD or EUR, got "${raw}"`);
  }
}

function stripeApiBase(env: Env): Config['payments']['stripe']['apiBase'] {
  const raw = env.STRIPE_API_BASE;
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`STRIPE_API_BASE must be an absolute URL such as http://127.0.0.1:12111, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError('STRIPE_API_BASE must be an http:// or https:// URL');
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)) };
}

function payments(env: Env, nodeEnv: Config['env']): Config['payments'] {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (secretKey && !/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)');
  }
  if (webhookSecret !== undefined && !/^whsec_\S{8,}$/.test(webhookSecret)) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_...)');
  }
  if (secretKey && !webhookSecret) {
    throw new ConfigError('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: add the webhook endpoint in Stripe and set its signing secret');
  }
  if (nodeEnv === 'production' && !secretKey) {
    throw new ConfigError('NODE_ENV=production needs a real payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the local checkout takes test cards only)');
  }
  return {
    provider: secretKey ? 'stripe' : 'local',
    stripe: { secretKey, apiBase: stripeApiBase(env), timeoutMs: integer(env, 'STRIPE_TIMEOUT_MS', 10_000, 100, 120_000) },
    webhookSecret,
    webhookToleranceSeconds: 300,
    sweepIntervalSeconds: integer(env, 'HOLD_SWEEP_SECONDS', 15, 0, 3600),
    reconcileIntervalSeconds: integer(env, 'RECONCILE_SECONDS', 30, 0, 3600),
  };
}

function email(env: Env): Config['email'] {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl)) {
    // Never repeat the URL: it may hold a password.
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465');
  }
  return {
    smtpUrl,
    from: env.EMAIL_FROM || 'Movie Tickets <tickets@localhost>',
    timeoutMs: integer(env, 'SMTP_TIMEOUT_MS', 15_000, 100, 120_000),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`);
  const auth0Domain = env.AUTH0_DOMAIN?.replace(/^https?:\/\//, '').replace(/\/$/, '');
  const issuer = auth0Domain ? `https://${auth0Domain}/` : env.AUTH_ISSUER || LOCAL_ISSUER;
  // Auth0 and the local identity provider both publish their keys here.
  const jwksUrl = env.AUTH_JWKS_URL || new URL('.well-known/jwks.json', issuer).toString();
  if (nodeEnv === 'production' && issuer === LOCAL_ISSUER) {
    throw new ConfigError('NODE_ENV=production needs a real identity provider: set AUTH0_DOMAIN (or AUTH_ISSUER)');
  }
  const tmdbApiKey = env.TMDB_API_KEY || undefined;

  return {
    env: nodeEnv,
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    mongodbUri: mongodbUri(env),
    publicUrl,
    shellUrl: url(env, 'SHELL_URL', 'http://localhost:3000'),
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : DEFAULT_FRONTEND_ORIGINS,
    theatreTimeZone: timeZone(env.THEATRE_TIMEZONE || 'UTC'),
    currency: currency(env.CURRENCY || 'USD'),
    holdMinutes: integer(env, 'HOLD_MINUTES', 10, 1, 24 * 60),
    holds: {
      maxHeldSeatsPerShow: integer(env, 'MAX_HELD_SEATS_PER_SHOW', 10, 1, 1000),
      maxHeldSeats: integer(env, 'MAX_HELD_SEATS', 20, 1, 10_000),
      reholdCooldownMinutes: integer(env, 'REHOLD_COOLDOWN_MINUTES', integer(env, 'HOLD_MINUTES', 10, 1, 24 * 60), 0, 24 * 60),
    },
    auth: {
      issuer,
      audience: env.AUTH0_AUDIENCE || env.AUTH_AUDIENCE || DEFAULT_AUDIENCE,
      jwksUrl,
      rolesClaim: ROLES_CLAIM,
    },
    tmdb: {
      apiKey: tmdbApiKey,
      baseUrl: url(env, 'TMDB_BASE_URL', 'https://api.themoviedb.org/3'),
      timeoutMs: integer(env, 'TMDB_TIMEOUT_MS', 5000, 100, 60000),
      cacheTtlSeconds: integer(env, 'TMDB_CACHE_TTL_SECONDS', 3600, 0, 7 * 24 * 3600),
    },
    imageBaseUrl: url(
      env,
      'IMAGE_BASE_URL',
      tmdbApiKey ? 'https://image.tmdb.org/t/p/original' : `${publicUrl}/api/images`,
    ),
    rateLimit: {
      perIpPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 1200, 0, 10_000_000),
      publicReadsPerIpPerMinute: integer(env, 'PUBLIC_READ_RATE_LIMIT_PER_MINUTE', 60_000, 1, 100_000_000),
      bookingsPerUserPerMinute: integer(env, 'BOOKING_RATE_LIMIT_PER_MINUTE', 10, 1, 10_000),
      webhookPerMinute: integer(env, 'WEBHOOK_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    seatStreams: {
      perAddress: integer(env, 'SEAT_STREAMS_PER_ADDRESS', 50, 1, 100_000),
      perUser: integer(env, 'SEAT_STREAMS_PER_USER', 10, 1, 100_000),
      perShow: integer(env, 'SEAT_STREAMS_PER_SHOW', 2_000, 1, 1_000_000),
      total: integer(env, 'SEAT_STREAMS_TOTAL', 5_000, 1, 1_000_000),
      maxLifetimeSeconds: integer(env, 'SEAT_STREAM_MAX_SECONDS', 600, 5, 24 * 3600),
    },
    payments: payments(env, nodeEnv),
    email: email(env),
    seed: env.SEED !== 'false',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}
