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
    /** Requests per minute per client address across the API; 0 turns it off. */
    perIpPerMinute: number;
    /** Booking attempts per minute per signed-in user. */
    bookingsPerUserPerMinute: number;
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

function timeZone(raw: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
    return raw;
  } catch {
    throw new ConfigError(`THEATRE_TIMEZONE must be an IANA time zone such as Europe/London, got "${raw}"`);
  }
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
    currency: (env.CURRENCY || 'USD').toUpperCase(),
    holdMinutes: integer(env, 'HOLD_MINUTES', 10, 1, 24 * 60),
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
      bookingsPerUserPerMinute: integer(env, 'BOOKING_RATE_LIMIT_PER_MINUTE', 10, 1, 10_000),
    },
    seed: env.SEED !== 'false',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}
