import { createHmac, createSecretKey, type webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The admission token: proof that an account was admitted to an event's sale, until its shopping
 * window ends. HMAC-signed (HS256) with a key every instance derives from the service's shared secret,
 * so each instance checks it locally, without the database.
 */
export interface Admission {
  accountId: string;
  eventId: string;
  expiresAt: Date;
}

const AUDIENCE = 'waiting-room-admission';

/** The HMAC key of the waiting room's tokens (admission and place). */
export type WaitingRoomKey = webcrypto.CryptoKey;

/**
 * A key of its own, derived from the shared secret (the secret's other uses never see tokens signed with it).
 * Imported once as a CryptoKey: given bytes, jose imports them again at every signature and check, which the
 * presale bench's profile showed on every poll.
 */
export function admissionKey(sharedSecret: string): WaitingRoomKey {
  const bytes = createHmac('sha256', sharedSecret).update('waiting-room admission tokens').digest();
  return createSecretKey(bytes).toCryptoKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function signAdmission(key: WaitingRoomKey, admission: Admission): Promise<string> {
  return new SignJWT({ evt: admission.eventId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admission.accountId)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(admission.expiresAt.getTime() / 1000))
    .sign(key);
}

/** The admission a token carries, or null when it is not one of ours, damaged, or expired at `now`. */
export async function readAdmission(key: WaitingRoomKey, token: string, now: Date): Promise<Admission | null> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.evt !== 'string' || typeof payload.exp !== 'number') return null;
    return { accountId: payload.sub, eventId: payload.evt, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
