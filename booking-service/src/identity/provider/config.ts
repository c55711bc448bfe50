import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AUDIENCE, DEFAULT_FRONTEND_ORIGINS, ROLES_CLAIM } from '../../config/config.ts';
import {
  ConfigError,
  issuerUrl,
  logLevel,
  nodeEnv,
  optional,
  origins,
  readEnvironment,
  text,
  wholeNumber,
  withDefault,
  type Env,
} from '../../config/environment.ts';

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

export const DEFAULT_IDENTITY_PORT = 4400;
export const DEFAULT_CLIENT_ID = 'movie-app-local';

export function identityDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'identity');
}

/**
 * Every variable the local identity provider reads, with its default where it has one and what it does: docs/operators/configuration.md
 * is written from these (`node scripts/config-reference.mjs`), so each variable carries its description here.
 */
export const IdentityEnvironment = z.object({
  NODE_ENV: withDefault(nodeEnv, 'development').meta({ description: 'the provider refuses to start with `production`' }),
  IDENTITY_HOST: withDefault(text, '127.0.0.1').meta({ description: 'the address the provider listens on' }),
  IDENTITY_PORT: withDefault(wholeNumber(0, 65535), String(DEFAULT_IDENTITY_PORT)).meta({
    description: 'the port the provider listens on (0: a free one, its issuer then follows the port bound)',
  }),
  IDENTITY_ISSUER: optional(issuerUrl).meta({
    description: 'its issuer; give the service the same value as `AUTH_ISSUER` when it is not the default',
    default: '`http://localhost:$IDENTITY_PORT/` (none with port 0: it follows the port bound)',
  }),
  DATA_DIR: withDefault(text, '.data').meta({
    description: 'its state lives in `DATA_DIR/identity/`: keys, accounts, sessions, grants and refresh tokens',
  }),
  IDENTITY_CLIENT_ID: withDefault(text, DEFAULT_CLIENT_ID).meta({ description: 'the one (public, PKCE) client: the platform\'s single-page apps' }),
  IDENTITY_REDIRECT_ORIGINS: withDefault(origins, DEFAULT_FRONTEND_ORIGINS.join(',')).meta({
    description: 'comma-separated origins allowed as `redirect_uri` and logout `returnTo` (each exactly, with or without the trailing `/`); the default is the four local frontends',
  }),
  AUTH_AUDIENCE: withDefault(text, DEFAULT_AUDIENCE).meta({ description: 'the API audience of its access tokens' }),
  LOG_LEVEL: optional(logLevel).meta({ description: '`silent` silences it; anything else logs (silent with `NODE_ENV=test`)', default: '`info`' }),
});

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const e = readEnvironment(IdentityEnvironment, env);
  return {
    env: e.NODE_ENV,
    host: e.IDENTITY_HOST,
    port: e.IDENTITY_PORT,
    issuer: e.IDENTITY_ISSUER ?? (e.IDENTITY_PORT === 0 ? undefined : `http://localhost:${e.IDENTITY_PORT}/`),
    dir: identityDir(e.DATA_DIR),
    clientId: e.IDENTITY_CLIENT_ID,
    redirectOrigins: e.IDENTITY_REDIRECT_ORIGINS,
    audience: e.AUTH_AUDIENCE,
    rolesClaim: ROLES_CLAIM,
    accessTokenTtl: 60 * 60,
    logLevel: e.LOG_LEVEL === 'silent' || e.NODE_ENV === 'test' ? 'silent' : 'info',
  };
}

export class ProductionRefusedError extends ConfigError {
  constructor(what: string) {
    super(`${what} is for development only and refuses to run with NODE_ENV=production; use Auth0 (AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_AUDIENCE)`);
  }
}
