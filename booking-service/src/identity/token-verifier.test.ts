import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSigner, TEST_AUDIENCE, TEST_ISSUER, type TestSigner } from '../../test/support/signer.ts';
import { ROLES_CLAIM } from '../config/config.ts';
import { createTokenVerifier, InvalidTokenError, remoteKeySet, SigningKeysUnavailableError, type TokenVerifier } from './token-verifier.ts';

describe('token verification against a JWKS served over HTTP', () => {
  let signer: TestSigner;
  let verify: TokenVerifier;

  beforeAll(async () => {
    signer = await startTestSigner();
    verify = createTokenVerifier({ issuer: TEST_ISSUER, audience: TEST_AUDIENCE, rolesClaim: ROLES_CLAIM, maxTokenAgeSeconds: 3600, keys: remoteKeySet(signer.jwksUrl) });
  });
  afterAll(() => signer.close());

  it('reads subject, name, email and known roles from a valid token', async () => {
    const token = await signer.token({ sub: 'u1', email: 'a@b.c', name: 'Ada', roles: ['admin', 'superuser'] });
    expect(await verify(token)).toEqual({ sub: 'u1', name: 'Ada', email: 'a@b.c', roles: ['admin'] });
  });

  it('accepts Auth0 forms: typ JWT, audience array, namespaced profile claims', async () => {
    const token = await signer.token({
      typ: 'JWT',
      audience: [TEST_AUDIENCE, 'https://x.auth0.com/userinfo'],
      email: '',
      name: '',
      extraClaims: { email: undefined, name: undefined, 'https://movie-app/email': 'n@x.io', 'https://movie-app/name': 'Nia' },
    });
    expect(await verify(token)).toMatchObject({ email: 'n@x.io', name: 'Nia', roles: [] });
  });

  it.each([
    ['at+jwt, audience string (the local provider)', { typ: 'at+jwt', audience: TEST_AUDIENCE }],
    ['at+jwt, audience array', { typ: 'at+jwt', audience: ['https://other/api', TEST_AUDIENCE] }],
    ['application/at+jwt', { typ: 'application/at+jwt' }],
    ['JWT, audience string', { typ: 'JWT', audience: TEST_AUDIENCE }],
    ['JWT, audience array (Auth0 with openid scope)', { typ: 'JWT', audience: [TEST_AUDIENCE, 'https://x.auth0.com/userinfo'] }],
  ])('accepts %s', async (_label, options) => {
    expect(await verify(await signer.token({ sub: 'u2', ...options }))).toMatchObject({ sub: 'u2' });
  });

  const refusals: [string, () => Promise<string>, RegExp][] = [
    ['expired', () => signer.token({ expiresIn: Math.floor(Date.now() / 1000) - 3600 }), /expired/],
    ['wrong audience', () => signer.token({ audience: 'https://other/api' }), /Invalid access token/],
    ['wrong issuer', () => signer.token({ issuer: 'https://evil.example/' }), /Invalid access token/],
    ['unknown signing key', () => signer.foreignToken(), /Invalid access token/],
    ['an ID token type', () => signer.token({ typ: 'id+jwt' }), /Invalid access token/],
    ['not a JWT', async () => 'abc.def.ghi', /Invalid access token/],
    [
      'alg none',
      async () => {
        const good = await signer.token();
        const payload = good.split('.')[1];
        return `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      },
      /Invalid access token/,
    ],
    [
      'tampered claims',
      async () => {
        const [h, p, s] = (await signer.token()).split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
        claims[ROLES_CLAIM] = ['admin'];
        return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
      },
      /Invalid access token/,
    ],
    [
      'HS256 signed with the public key as secret',
      async () => {
        const [, p] = (await signer.token()).split('.');
        return `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${p}.c2lnbmF0dXJl`;
      },
      /Invalid access token/,
    ],
    // A subject that names no account (issue 38): each used to become the caller's account id (an object: a 500).
    ...(
      [
        ['an object', { id: 'u1' }],
        ['an array', ['u1']],
        ['a number', 12345],
        ['empty', ''],
        ['blank', '   '],
        ['null', null],
        ['a NUL inside', 'u\u00001'],
      ] as const
    ).map(([label, sub]): [string, () => Promise<string>, RegExp] => [`a sub that is ${label}`, () => signer.token({ rawSub: sub }), /Invalid access token/]),
  ];

  for (const [label, make, message] of refusals) {
    it(`refuses ${label}`, async () => {
      const attempt = verify(await make());
      await expect(attempt).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(verify(await make())).rejects.toThrow(message);
    });
  }

  describe('tokens verified before', () => {
    /** A verifier whose key lookups are counted: each full verification asks for the key once. */
    function countingVerifier(maxTokenAgeSeconds = 3600) {
      const keys = remoteKeySet(signer.jwksUrl);
      const counted = { lookups: 0 };
      const verify = createTokenVerifier({
        issuer: TEST_ISSUER,
        audience: TEST_AUDIENCE,
        rolesClaim: ROLES_CLAIM,
        maxTokenAgeSeconds,
        keys: (header, token) => {
          counted.lookups++;
          return keys(header, token);
        },
      });
      return { verify, counted };
    }

    it('are answered from memory, with the same identity', async () => {
      const { verify, counted } = countingVerifier();
      const token = await signer.token({ sub: 'u-cache', email: 'c@d.e', name: 'Cy', roles: ['support'] });
      const first = await verify(token);
      expect(await verify(token)).toEqual(first);
      expect(await verify(token)).toEqual({ sub: 'u-cache', name: 'Cy', email: 'c@d.e', roles: ['support'] });
      expect(counted.lookups).toBe(1);
    });

    it('are verified in full again once expired or too old, and a changed byte is never taken for them', async () => {
      const { verify, counted } = countingVerifier(2);
      const now = Math.floor(Date.now() / 1000);
      const expiring = await signer.token({ sub: 'u-exp', expiresIn: now + 1 });
      const ageing = await signer.token({ sub: 'u-age', issuedAt: now - 1 });
      await verify(expiring);
      await verify(ageing);
      expect(counted.lookups).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      // Past their expiry and age limit: checked again in full (whose clock tolerance still lets them through).
      await verify(expiring);
      await verify(ageing);
      expect(counted.lookups).toBe(4);

      const good = await signer.token({ sub: 'u-good' });
      await verify(good);
      const [h, p, sig] = good.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      claims.sub = 'someone-else';
      await expect(verify(`${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`)).rejects.toBeInstanceOf(InvalidTokenError);
    });
  });

  it('tells an unreachable identity provider apart from a bad token', async () => {
    const offline = createTokenVerifier({
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      rolesClaim: ROLES_CLAIM,
      maxTokenAgeSeconds: 3600,
      keys: remoteKeySet('http://127.0.0.1:1/.well-known/jwks.json'),
    });
    await expect(offline(await signer.token())).rejects.toBeInstanceOf(SigningKeysUnavailableError);
  });
});
