import path from 'node:path';
import { ConfigError, DEFAULT_AUDIENCE, DEFAULT_FRONTEND_ORIGINS, ROLES_CLAIM } from '../../config/config.ts';

/** Settings of the local OpenID Connect provider (development and tests only). */
export interface IdentityConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  /** 0 picks a free port (tests); the issuer then follows the port actually bound. */
  port: number;
  /** With the trailing slash, as the Auth0 SDK compares `iss` with `${domain}/`. Derived from the port when unset. */
  issuer: string | undefined;
  /** Keys, accounts and the provider's stored sessions, grants and tokens. */
  dir: string;
  clientId: string;
  /** Origins of the single-page apps; each may redirect back to its origin (with or without a trailing slash). */
  redirectOrigins: string[];
  audience: string;
  rolesClaim: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  logLevel: 'silent' | 'info';
}

type Env = Record<string, string | undefined>;

export const DEFAULT_IDENTITY_PORT = 4400;
export const DEFAULT_CLIENT_ID = 'movie-app-local';

export function identityDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'identity');
}

function origin(raw: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must list absolute origins such as http://localhost:3000, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new ConfigError(`${name} must list origins (scheme, host and port only), got "${raw}"`);
  }
  return parsed.origin;
}

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const rawPort = env.IDENTITY_PORT ?? '';
  const port = rawPort === '' ? DEFAULT_IDENTITY_PORT : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`IDENTITY_PORT must be a whole number from 0 to 65535, got "${rawPort}"`);
  }
  let issuer: string | undefined;
  if (env.IDENTITY_ISSUER) {
    try {
      issuer = new URL(env.IDENTITY_ISSUER).href;
    } catch {
      throw new ConfigError(`IDENTITY_ISSUER must be an absolute URL, got "${env.IDENTITY_ISSUER}"`);
    }
    if (!issuer.endsWith('/')) issuer += '/';
  } else if (port !== 0) {
    issuer = `http://localhost:${port}/`;
  }
  const redirectOrigins = env.IDENTITY_REDIRECT_ORIGINS
    ? env.IDENTITY_REDIRECT_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean).map((o) => origin(o, 'IDENTITY_REDIRECT_ORIGINS'))
    : DEFAULT_FRONTEND_ORIGINS;
  return {
    env: nodeEnv,
    host: env.IDENTITY_HOST || '127.0.0.1',
    port,
    issuer,
    dir: identityDir(env.DATA_DIR || '.data'),
    clientId: env.IDENTITY_CLIENT_ID || DEFAULT_CLIENT_ID,
    redirectOrigins: [...new Set(redirectOrigins)],
    audience: env.AUTH_AUDIENCE || DEFAULT_AUDIENCE,
    rolesClaim: ROLES_CLAIM,
    accessTokenTtl: 60 * 60,
    logLevel: env.LOG_LEVEL === 'silent' || nodeEnv === 'test' ? 'silent' : 'info',
  };
}

export class ProductionRefusedError extends ConfigError {
  constructor(what: string) {
    super(`${what} is for development only and refuses to run with NODE_ENV=production; use Auth0 (AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_AUDIENCE)`);
  }
}
