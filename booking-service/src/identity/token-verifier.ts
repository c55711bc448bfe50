import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { ROLES, type Role } from './dev-accounts.ts';

export interface Identity { sub: string; name: string; email: string; roles: Role[] }

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  rolesClaim: string;
  /** Tokens issued longer ago than this are refused whatever their expiry; so is one issued in the future (beyond the clock tolerance). */
  maxTokenAgeSeconds: number;
  /** Where signing keys come from: a remote JWKS (cached by jose, refetched on an unknown kid) or a local set. */
  keys: JWTVerifyGetKey;
  /** How many verified tokens are kept (AUTH_CACHE_ENTRIES; default VERIFIED_TOKENS). */
  cacheEntries?: number;
}

export class InvalidTokenError extends Error {}

/** The issuer's signing keys could not be fetched (the identity provider is down or unreachable). */
export class SigningKeysUnavailableError extends Error {}

const KNOWN_ROLES: readonly Role[] = ROLES;

/** How far the issuer's clock and ours may disagree (expiry, and an `iat` in the future). */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Tokens already verified, by their exact text: a moviegoer's page sends the same token on every call (the
 * waiting room's polls, the seat map, the booking), and an RS256 check through WebCrypto was about a tenth of
 * each instance's time in the presale bench. Only a valid token is kept, and only until it expires or grows
 * too old; any other text (one changed byte) is verified in full.
 */
const VERIFIED_TOKENS = 20_000;

/** Control characters (a NUL, an escape, a line break) have no place in a name, an email or a user id. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export function remoteKeySet(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000, timeoutDuration: 5_000 });
}

function stringClaim(payload: JWTPayload, ...names: string[]): string {
  for (const name of names) {
    const value = payload[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * The account a token's `sub` names: a non-blank string without control characters, as written (an account
 * id is compared exactly). A number, an object, an array, an empty or blank string names no account: a
 * signature proves who issued the claim, not that it is one (an object reached the database as a 500).
 */
function accountSubject(sub: unknown): string {
  if (typeof sub !== 'string' || sub.trim() === '' || CONTROL_CHARACTER.test(sub)) throw new InvalidTokenError('Invalid access token');
  return sub;
}

/** Verifies RS256 access tokens (issuer, audience, expiry, signature) and reads the identity; a token verified before is answered from memory. */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const verified = new LRUCache<string, Identity>({ max: options.cacheEntries ?? VERIFIED_TOKENS });

  return async function verify(token: string): Promise<Identity> {
    const known = verified.get(token);
    if (known) return known;
    const { identity, validUntil } = await verifyInFull(token, options);
    const ttl = validUntil - Date.now();
    if (ttl > 0) verified.set(token, identity, { ttl });
    return identity;
  };
}

/** The identity a token carries, and until when it stays valid (its expiry, or its age limit, whichever comes first). */
async function verifyInFull(token: string, options: TokenVerifierOptions): Promise<{ identity: Identity; validUntil: number }> {
  let payload: JWTPayload;
  let typ: string | undefined;
  try {
    const result = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp'],
      maxTokenAge: options.maxTokenAgeSeconds,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    payload = result.payload;
    typ = result.protectedHeader.typ;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new InvalidTokenError('Your session has expired, please sign in again');
    if (error instanceof errors.JWKSTimeout) throw new SigningKeysUnavailableError('The identity provider did not answer in time', { cause: error });
    if (error instanceof errors.JOSEError) throw new InvalidTokenError('Invalid access token');
    // Not about the token: fetching the JWKS failed (connection refused, DNS).
    throw new SigningKeysUnavailableError('The identity provider cannot be reached', { cause: error });
  }
  // Auth0 issues typ "JWT" (or none); OIDC access tokens say "at+jwt". An ID token would not pass the audience check.
  if (typ !== undefined && !['at+jwt', 'application/at+jwt', 'jwt'].includes(typ.toLowerCase())) {
    throw new InvalidTokenError('Invalid access token');
  }
  const sub = accountSubject(payload.sub);
  const claimedRoles = payload[options.rolesClaim];
  const roles = Array.isArray(claimedRoles) ? KNOWN_ROLES.filter((role) => claimedRoles.includes(role)) : [];
  const email = stringClaim(payload, 'email', 'https://movie-app/email');
  const name = stringClaim(payload, 'name', 'https://movie-app/name', 'nickname') || email.split('@')[0] || 'Moviegoer';
  // Refused here, or the database refuses them later (a NUL is a 500 on every call) and logs and pages carry them.
  if ([name, email].some((claim) => CONTROL_CHARACTER.test(claim))) throw new InvalidTokenError('Invalid access token');
  const validUntil = Math.min(payload.exp!, (payload.iat ?? Infinity) + options.maxTokenAgeSeconds) * 1000;
  return { identity: { sub, name, email, roles }, validUntil };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
