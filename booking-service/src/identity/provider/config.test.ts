import path from 'node:path';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config.ts';
import { loadIdentityConfig } from './config.ts';
import { loadOrCreateKeys } from './keys.ts';

describe('identity provider configuration', () => {
  it('defaults to port 4400, issuer http://localhost:4400/, the four local app origins and the API audience', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 4400,
      issuer: 'http://localhost:4400/',
      dir: path.resolve('.data', 'identity'),
      clientId: 'movie-app-local',
      redirectOrigins: ['http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003'],
      audience: 'https://movie-app/api',
      rolesClaim: 'https://movie-app/roles',
    });
  });

  it('reads its settings from the environment', () => {
    expect(
      loadIdentityConfig({
        IDENTITY_PORT: '4500',
        IDENTITY_HOST: '0.0.0.0',
        IDENTITY_CLIENT_ID: 'my-app',
        IDENTITY_REDIRECT_ORIGINS: 'https://movies.test, http://localhost:3000/',
        DATA_DIR: '/srv/data',
        AUTH_AUDIENCE: 'https://api.movies.test',
      }),
    ).toMatchObject({
      port: 4500,
      host: '0.0.0.0',
      issuer: 'http://localhost:4500/',
      clientId: 'my-app',
      redirectOrigins: ['https://movies.test', 'http://localhost:3000'],
      dir: '/srv/data/identity',
      audience: 'https://api.movies.test',
    });
    expect(loadIdentityConfig({ IDENTITY_ISSUER: 'http://idp.localhost:8080' }).issuer).toBe('http://idp.localhost:8080/');
    expect(loadIdentityConfig({ IDENTITY_PORT: '0' }).issuer).toBeUndefined();
  });

  it('refuses nonsense with a message naming the setting', () => {
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'x' })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'x' })).toThrow(/IDENTITY_PORT/);
    expect(() => loadIdentityConfig({ IDENTITY_REDIRECT_ORIGINS: 'localhost:3000' })).toThrow(/IDENTITY_REDIRECT_ORIGINS/);
    expect(() => loadIdentityConfig({ IDENTITY_REDIRECT_ORIGINS: 'http://localhost:3000/callback' })).toThrow(/origins/);
    expect(() => loadIdentityConfig({ IDENTITY_ISSUER: 'nope' })).toThrow(/IDENTITY_ISSUER/);
    // Every wrong setting at once.
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'x', IDENTITY_ISSUER: 'nope' })).toThrow(
      '2 settings are wrong:\n  - IDENTITY_PORT must be a whole number from 0 to 65535, got "x"\n  - IDENTITY_ISSUER must be an absolute URL, got "nope"',
    );
  });
});

describe('identity keys', () => {
  it('are created once and shared by every process that asks at the same time', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'identity-keys-'));
    try {
      const [a, b] = await Promise.all([loadOrCreateKeys(dir), loadOrCreateKeys(dir)]);
      expect(a).toEqual(b);
      expect(await loadOrCreateKeys(dir)).toEqual(a);
      expect(a.signing.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), d: expect.any(String) });
      expect(a.cookieKeys[0]).toMatch(/^[\w-]{43}$/);
      expect(JSON.parse(await readFile(path.join(dir, 'keys.json'), 'utf8'))).toEqual(a);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
