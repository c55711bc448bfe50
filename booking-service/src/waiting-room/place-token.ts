import { jwtVerify, SignJWT } from 'jose';
import type { WaitingRoomKey } from './admission-token.ts';

/**
 * The place token: an account's place in an event's queue, signed (HS256, the admission tokens' key, its own
 * audience) so that a poll carrying it is answered from the instance's view of the event, without the
 * database. It is only a hint for that shortcut: the entry row stays the truth, read whenever the place is
 * reached (the turn), before the draw has placed it, or when support acted on the account.
 */
export interface Place {
  accountId: string;
  eventId: string;
  /** Null in the pre-queue: the draw gives the place. */
  place: number | null;
}

const AUDIENCE = 'waiting-room-place';
/** Long enough for any presale; the event it names ends its use anyway. */
const LIFETIME_SECONDS = 7 * 24 * 3600;

export function signPlace(key: WaitingRoomKey, place: Place, now: Date): Promise<string> {
  return new SignJWT({ evt: place.eventId, plc: place.place })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(place.accountId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS)
    .sign(key);
}

/** The place a token carries, or null when it is not one of ours, damaged or expired. */
export async function readPlace(key: WaitingRoomKey, token: string, now: Date): Promise<Place | null> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    const { sub, evt, plc } = payload;
    if (typeof sub !== 'string' || typeof evt !== 'string' || !(plc === null || (typeof plc === 'number' && Number.isInteger(plc) && plc > 0))) return null;
    return { accountId: sub, eventId: evt, place: plc };
  } catch {
    return null;
  }
}
