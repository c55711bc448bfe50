import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Role } from './dev-accounts.ts';

/**
 * The development signing key: generated on first start, kept in the data
 * folder so tokens survive restarts. Used only when no remote JWKS (Auth0 or
 * the local identity provider) is configured.
 */
export interface DevSigningKey { privateJwk: JWK; publicJwk: JWK }

export async function loadOrCreateDevKey(dataDir: string): Promise<DevSigningKey> {
  const file = path.join(dataDir, 'identity', 'dev-signing-key.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DevSigningKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const key: DevSigningKey = {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(key), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another process created it first: use theirs so both agree.
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as DevSigningKey;
}

export function devKeySet(key: DevSigningKey): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: [key.publicJwk] });
}

export interface TokenClaims { sub: string; email: string; name: string; roles: Role[] }

/** Signs an access token shaped like the identity provider's (RS256, at+jwt, roles claim). */
export async function signAccessToken(
  key: DevSigningKey,
  claims: TokenClaims,
  options: { issuer: string; audience: string; rolesClaim: string; expiresIn?: string },
): Promise<string> {
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  return new SignJWT({ email: claims.email, name: claims.name, [options.rolesClaim]: claims.roles, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.privateJwk.kid! })
    .setSubject(claims.sub)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .setJti(randomUUID())
    .sign(privateKey);
}
