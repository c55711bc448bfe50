import { describe, expect, it } from 'vitest';
import { admissionKey, readAdmission, signAdmission } from './admission-token.ts';

describe('admission tokens', () => {
  const key = admissionKey('a shared secret of the instances');
  const admission = { accountId: 'auth0|maya', eventId: '5f1c3c52-2f5e-4d8e-9b3a-7c2f4f1e9a10', expiresAt: new Date('2026-12-01T10:10:00Z') };

  it('carry the account, the event and the end of the shopping window', async () => {
    const token = await signAdmission(key, admission);
    expect(await readAdmission(key, token, new Date('2026-12-01T10:05:00Z'))).toEqual(admission);
  });

  it('are refused once the window has ended, when signed with another secret, or altered', async () => {
    const token = await signAdmission(key, admission);
    expect(await readAdmission(key, token, new Date('2026-12-01T10:10:01Z'))).toBeNull();
    expect(await readAdmission(admissionKey('another secret'), token, new Date('2026-12-01T10:05:00Z'))).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'auth0|someone-else', evt: admission.eventId, aud: 'waiting-room-admission', exp: 1_900_000_000 })).toString('base64url');
    expect(await readAdmission(key, `${header}.${forged}.${signature}`, new Date('2026-12-01T10:05:00Z'))).toBeNull();
    expect(await readAdmission(key, 'not a token', new Date())).toBeNull();
  });
});
