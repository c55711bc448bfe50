import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Role } from './dev-accounts.ts';
import { InvalidTokenError, SigningKeysUnavailableError, type Identity, type TokenVerifier } from './token-verifier.ts';
import type { User } from './user.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';

/** Where a signed-in caller's account is recorded (the users' repository). */
export interface AccountRecorder {
  upsert(user: User): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hooks from a verified bearer token. */
    identity: Identity | null;
  }
}

export interface Auth {
  /** Requires a valid token; records the user on first sight. */
  requireUser: onRequestAsyncHookHandler;
  /**
   * Requires a valid token and records nothing: for reads that need no row of the account, like the waiting
   * room's poll, which must cost the database no write (each instance would otherwise record every moviegoer
   * of a presale's crowd on its first poll there).
   */
  requireUserForRead: onRequestAsyncHookHandler;
  /** Requires a valid token carrying one of these roles (door staff's check-in also admits theatre staff). */
  requireRole(role: Role, ...alsoAllowed: Role[]): onRequestAsyncHookHandler;
  /** Identifies the caller when a token is sent (a bad token is refused); anonymous callers pass with identity null. */
  optionalUser: onRequestAsyncHookHandler;
}

/** A presale's crowd (the bench's 10,000 moviegoers) fits: each is written once per instance, not again on each call. */
const MAX_REMEMBERED_USERS = 20_000;

export function createAuth(verify: TokenVerifier, users: AccountRecorder, rememberedUsers = MAX_REMEMBERED_USERS): Auth {
  // Users already written with this name and email: skip the upsert on their next calls.
  const known = new LRUCache<string, string>({ max: rememberedUsers });

  async function remember(identity: Identity) {
    const fingerprint = `${identity.name}\n${identity.email}`;
    if (known.get(identity.sub) === fingerprint) return;
    await users.upsert({ id: identity.sub, name: identity.name, email: identity.email });
    known.set(identity.sub, fingerprint);
  }

  async function identify(request: FastifyRequest, record = true): Promise<Identity> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i.exec(header) : null;
    if (!match) throw unauthorized('Not authorized, please sign in');
    try {
      const identity = await verify(match[1]!);
      if (record) await remember(identity);
      request.identity = identity;
      return identity;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(error.message);
      if (error instanceof SigningKeysUnavailableError) {
        request.log.warn({ err: error.cause }, error.message);
        throw new HttpError(503, 'Sign-in is unavailable right now, please try again shortly');
      }
      throw error;
    }
  }

  return {
    async requireUser(request) {
      await identify(request);
    },
    async requireUserForRead(request) {
      await identify(request, false);
    },
    async optionalUser(request) {
      request.identity = null;
      if (request.headers.authorization !== undefined) await identify(request);
    },
    requireRole(role, ...alsoAllowed) {
      const allowed = [role, ...alsoAllowed];
      return async (request) => {
        const identity = await identify(request);
        if (!allowed.some((one) => identity.roles.includes(one))) {
          throw forbidden(role === 'admin' ? 'You are not authorized to access admin dashboard' : 'This needs the support role');
        }
      };
    },
  };
}
