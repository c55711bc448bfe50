import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLES_CLAIM } from '../../src/config/config.ts';
import { loadIdentityConfig, type IdentityConfig } from '../../src/identity/provider/config.ts';
import { startIdentityServer, type IdentityServer } from '../../src/identity/provider/server.ts';
import { createTokenVerifier, remoteKeySet, type TokenVerifier } from '../../src/identity/token-verifier.ts';

export const APP_ORIGIN = 'http://localhost:3000';
export const CLIENT_ID = 'movie-app-local';
export const AUDIENCE = 'https://movie-app/api';

export interface TestIdentity {
  dataDir: string;
  config: IdentityConfig;
  server: IdentityServer;
  /** The booking service's verifier, pointed at this provider's JWKS over HTTP. */
  verify: TokenVerifier;
  /** Stops the provider and starts it again on the same data folder (and port). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The local identity provider on a free 127.0.0.1 port with a fresh data folder. */
export async function startTestIdentity(env: Record<string, string> = {}): Promise<TestIdentity> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'movie-identity-'));
  const config = loadIdentityConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    IDENTITY_PORT: '0',
    IDENTITY_REDIRECT_ORIGINS: APP_ORIGIN,
    ...env,
  });
  let server = await startIdentityServer(config);
  const port = () => Number(new URL(server.url).port);
  const verifierFor = () =>
    createTokenVerifier({
      issuer: server.issuer,
      audience: AUDIENCE,
      rolesClaim: ROLES_CLAIM,
      maxTokenAgeSeconds: 3600,
      keys: remoteKeySet(`${server.url}/.well-known/jwks.json`),
    });
  const identity: TestIdentity = {
    dataDir,
    config,
    server,
    verify: verifierFor(),
    async restart() {
      const samePort = port();
      await server.close();
      server = await startIdentityServer({ ...config, port: samePort, issuer: server.issuer });
      identity.server = server;
      identity.verify = verifierFor();
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return identity;
}
