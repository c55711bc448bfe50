import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { ROLES_CLAIM } from '../../src/config/config.ts';

export const TEST_ISSUER = 'http://localhost:4400/';
export const TEST_AUDIENCE = 'https://movie-app/api';

export interface TokenOptions {
  sub?: string;
  /** A `sub` of any JSON type or value, as a broken or hostile issuer might sign it (replaces `sub`). */
  rawSub?: unknown;
  email?: string;
  name?: string;
  roles?: string[];
  issuer?: string;
  audience?: string | string[];
  expiresIn?: string | number;
  /** `iat` in seconds since the epoch; default now. */
  issuedAt?: number;
  typ?: string;
  extraClaims?: Record<string, unknown>;
}

/**
 * A stand-in identity provider for tests: an RS256 key pair whose public half
 * is served as a JWKS over real HTTP, so the service verifies tokens exactly
 * as it does against Auth0 or the local provider.
 */
export interface TestSigner {
  jwksUrl: string;
  token(options?: TokenOptions): Promise<string>;
  /** A token signed by a key the JWKS does not publish. */
  foreignToken(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { privateKey, kid, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK };
}

async function sign(privateKey: CryptoKey, kid: string, o: TokenOptions): Promise<string> {
  const email = o.email ?? 'user@example.com';
  const jwt = new SignJWT({
    email,
    name: o.name ?? email.split('@')[0],
    [ROLES_CLAIM]: o.roles ?? [],
    ...o.extraClaims,
    // Typed as a string by jose; a test may sign any JSON value.
    sub: ('rawSub' in o ? o.rawSub : (o.sub ?? `test|${email}`)) as string,
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: o.typ ?? 'at+jwt' })
    .setIssuer(o.issuer ?? TEST_ISSUER)
    .setAudience(o.audience ?? TEST_AUDIENCE)
    .setIssuedAt(o.issuedAt);
  if (typeof o.expiresIn === 'number') jwt.setExpirationTime(o.expiresIn);
  else jwt.setExpirationTime(o.expiresIn ?? '1h');
  return jwt.sign(privateKey);
}

export async function startTestSigner(): Promise<TestSigner> {
  const trusted = await keyPair();
  const foreign = await keyPair();
  const server = http.createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [trusted.publicJwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    token: (options = {}) => sign(trusted.privateKey, trusted.kid, options),
    foreignToken: (options = {}) => sign(foreign.privateKey, foreign.kid, options),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
