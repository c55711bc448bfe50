import { describe, expect, it } from 'vitest';
import { admissionKey, readAdmission } from './admission-token.ts';
import { readPlace, signPlace } from './place-token.ts';

describe('place tokens', () => {
  const key = admissionKey('a shared secret of the instances');
  const now = new Date('2026-12-01T10:00:00Z');
  const place = { accountId: 'auth0|maya', eventId: '5f1c3c52-2f5e-4d8e-9b3a-7c2f4f1e9a10', place: 4312 };

  it('carry the account, the event and the place (null in the pre-queue)', async () => {
    expect(await readPlace(key, await signPlace(key, place, now), now)).toEqual(place);
    expect(await readPlace(key, await signPlace(key, { ...place, place: null }, now), now)).toEqual({ ...place, place: null });
  });

  it('are refused when signed with another secret, altered, or expired; an admission is not a place, nor the reverse', async () => {
    const token = await signPlace(key, place, now);
    expect(await readPlace(admissionKey('another secret'), token, now)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: place.accountId, evt: place.eventId, plc: 1, aud: 'waiting-room-place', exp: 1_900_000_000 })).toString('base64url');
    expect(await readPlace(key, `${header}.${forged}.${signature}`, now)).toBeNull();
    expect(await readPlace(key, token, new Date(now.getTime() + 8 * 24 * 3600_000))).toBeNull();
    expect(await readAdmission(key, token, now)).toBeNull();
    expect(await readPlace(key, 'not a token', now)).toBeNull();
  });
});
