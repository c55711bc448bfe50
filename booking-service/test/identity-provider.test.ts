import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PASSWORD } from '../src/identity/dev-accounts.ts';
import { loadIdentityConfig, ProductionRefusedError } from '../src/identity/provider/config.ts';
import { startIdentityServer } from '../src/identity/provider/server.ts';
import { APP_ORIGIN, AUDIENCE, CLIENT_ID, startTestIdentity, type TestIdentity } from './support/identity.ts';
import { Agent, decodeJwt, formAction, redeemCode, refresh, signIn, startAuthorization, type FlowOptions, type Tokens } from './support/oidc-client.ts';
import { laneLeftOut } from './support/lane-selection.ts';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

const app: FlowOptions = { clientId: CLIENT_ID, redirectUri: APP_ORIGIN, audience: AUDIENCE };

describe.skipIf(laneLeftOut('pglite') !== null)('local identity provider over HTTP', () => {
  let idp: TestIdentity;
  const agent = () => new Agent(idp.server.url);

  beforeAll(async () => {
    idp = await startTestIdentity();
  });
  afterAll(() => idp.close());

  describe('discovery', () => {
    it('publishes Auth0-shaped endpoints under the issuer with the trailing slash', async () => {
      const response = await fetch(`${idp.server.url}/.well-known/openid-configuration`);
      expect(response.status).toBe(200);
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery.issuer).toBe(idp.server.issuer);
      expect(idp.server.issuer).toMatch(/^http:\/\/localhost:\d+\/$/);
      const paths = Object.fromEntries(
        ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint', 'revocation_endpoint', 'end_session_endpoint'].map((key) => [
          key,
          new URL(String(discovery[key])).pathname,
        ]),
      );
      expect(paths).toEqual({
        authorization_endpoint: '/authorize',
        token_endpoint: '/oauth/token',
        jwks_uri: '/.well-known/jwks.json',
        userinfo_endpoint: '/userinfo',
        revocation_endpoint: '/oauth/revoke',
        end_session_endpoint: '/v2/logout',
      });
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
      expect(discovery.response_modes_supported).toContain('web_message');
      expect(discovery.response_types_supported).toEqual(['code']);
    });

    it('serves one public RS256 signing key and nothing private', async () => {
      const response = await fetch(`${idp.server.url}/.well-known/jwks.json`);
      expect(response.status).toBe(200);
      const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(secret);
    });
  });

  describe('authorization code with PKCE, as the Auth0 SDK runs it', () => {
    it('shows a self-contained sign-in page with Email, Password, Sign in and a Sign up link', async () => {
      const flow = await startAuthorization(agent(), app);
      expect(flow.response.status).toBe(200);
      expect(flow.url).toMatch(/\/interaction\/[\w-]+$/);
      const html = await flow.response.text();
      expect(html).toMatch(/<label for="email">Email<\/label>/);
      expect(html).toMatch(/<label for="password">Password<\/label>/);
      expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
      expect(html).toMatch(/<a href="\/interaction\/[\w-]+\/signup">Sign up<\/a>/);
      // No CDN, fonts or other external assets.
      expect(html).not.toMatch(/(src|href)="https?:/);
      expect(html).not.toMatch(/@import|url\(/);
      expect(flow.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('signs in the moviegoer: RS256 at+jwt access token for the API, ID token for the app, refresh token', async () => {
      const tokens = await signIn(agent(), app, { email: 'user@example.com', password: DEV_PASSWORD });
      const jwks = (await (await fetch(`${idp.server.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };

      const access = decodeJwt(tokens.access_token);
      expect(access.header).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: jwks.keys[0]!.kid });
      expect(access.payload).toMatchObject({
        iss: idp.server.issuer,
        aud: AUDIENCE,
        sub: 'local|user',
        client_id: CLIENT_ID,
        email: 'user@example.com',
        name: 'Maya Moviegoer',
        'https://movie-app/roles': [],
      });
      expect(await idp.verify(tokens.access_token)).toEqual({ sub: 'local|user', name: 'Maya Moviegoer', email: 'user@example.com', roles: [] });

      const id = decodeJwt(tokens.id_token);
      expect(id.header.alg).toBe('RS256');
      expect(id.payload).toMatchObject({ iss: idp.server.issuer, aud: CLIENT_ID, sub: 'local|user', name: 'Maya Moviegoer', email: 'user@example.com' });
      expect(tokens.refresh_token).toEqual(expect.any(String));
      expect(tokens.token_type).toBe('Bearer');
      expect(tokens.expires_in).toBeGreaterThan(3000);
    });

    it.each([
      ['admin@example.com', 'local|admin', ['admin']],
      ['support@example.com', 'local|support', ['support']],
    ])('gives %s the roles claim the service reads', async (email, sub, roles) => {
      const tokens = await signIn(agent(), app, { email, password: DEV_PASSWORD });
      expect(await idp.verify(tokens.access_token)).toMatchObject({ sub, email, roles });
      expect(decodeJwt(tokens.id_token).payload['https://movie-app/roles']).toEqual(roles);
    });

    it('refuses a wrong password or unknown email with an error, and signs no one in', async () => {
      const browser = agent();
      const flow = await startAuthorization(browser, app);
      const action = formAction(await flow.response.text());
      for (const credentials of [
        { email: 'user@example.com', password: 'wrong-password' },
        { email: 'nobody@example.com', password: DEV_PASSWORD },
        { email: 'user@example.com', password: '' },
      ]) {
        const response = await browser.form(action, credentials);
        expect(response.status).toBe(401);
        expect(response.headers.get('location')).toBeNull();
        const html = await response.text();
        expect(html).toContain('Wrong email or password.');
        expect(html).toMatch(/<label for="email">Email<\/label>/);
      }
      expect([...browser.cookies.keys()].some((name) => name.startsWith('movie_idp_session'))).toBe(false);
      // Without a session, silent authentication reports login_required.
      const silent = await startAuthorization(browser, { ...app, prompt: 'none', responseMode: 'web_message' });
      expect(await silent.response.text()).toContain('"error":"login_required"');
      // The same sign-in page still accepts the right password.
      const { url } = await browser.follow(await browser.form(action, { email: 'user@example.com', password: DEV_PASSWORD }));
      expect(url.startsWith(APP_ORIGIN)).toBe(true);
    });

    it('keeps the access token opaque (userinfo only) when the app names no audience, as Auth0 does', async () => {
      const tokens = await signIn(agent(), { ...app, audience: undefined }, { email: 'user@example.com', password: DEV_PASSWORD });
      expect(tokens.access_token.split('.')).toHaveLength(1);
      const userinfo = await fetch(`${idp.server.url}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(userinfo.status).toBe(200);
      expect(await userinfo.json()).toMatchObject({ sub: 'local|user', email: 'user@example.com', name: 'Maya Moviegoer' });
      await expect(idp.verify(tokens.access_token)).rejects.toThrow(/Invalid access token/);
    });
  });

  describe('sign-up', () => {
    it('validates the form, creates a moviegoer with a hashed password, and signs them in', async () => {
      const browser = agent();
      const flow = await startAuthorization(browser, app);
      const signInPage = await flow.response.text();
      const signUpHref = /<a href="([^"]+)">Sign up<\/a>/.exec(signInPage)![1]!;
      const signUpPage = await (await browser.request(signUpHref)).text();
      expect(signUpPage).toMatch(/<label for="name">Name<\/label>/);
      const action = formAction(signUpPage);

      const invalid = await browser.form(action, { email: 'not-an-email', name: ' ', password: 'short' });
      expect(invalid.status).toBe(400);
      const problems = await invalid.text();
      expect(problems).toContain('Enter a valid email address');
      expect(problems).toContain('Enter your name');
      expect(problems).toContain('Use at least 8 characters');

      const taken = await browser.form(action, { email: 'USER@example.com', name: 'Copy Cat', password: 'another-password' });
      expect(taken.status).toBe(400);
      expect(await taken.text()).toContain('An account with this email already exists');

      const created = await browser.follow(await browser.form(action, { email: 'New.Fan@Example.com', name: 'Nia Newfan', password: 'popcorn-and-more' }));
      expect(created.url.startsWith(APP_ORIGIN)).toBe(true);
      const tokens = (await (await redeemCode(browser, flow, app, created.url)).json()) as Tokens;
      expect(await idp.verify(tokens.access_token)).toEqual({ sub: 'local|new.fan@example.com', name: 'Nia Newfan', email: 'new.fan@example.com', roles: [] });

      const stored = await idp.server.accounts.findByEmail('new.fan@example.com');
      expect(stored?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      const files = await readdir(path.join(idp.dataDir, 'identity', 'accounts'));
      for (const file of files) expect(await readFile(path.join(idp.dataDir, 'identity', 'accounts', file), 'utf8')).not.toContain('popcorn-and-more');

      // The new account signs in with its password.
      const again = await signIn(agent(), app, { email: 'new.fan@example.com', password: 'popcorn-and-more' });
      expect(decodeJwt(again.access_token).payload.sub).toBe('local|new.fan@example.com');
    });

    it('opens the sign-up page for screen_hint=signup, as Auth0 does', async () => {
      const flow = await startAuthorization(agent(), { ...app, extra: { screen_hint: 'signup' } });
      const html = await flow.response.text();
      expect(html).toContain('<h1>Sign up</h1>');
      expect(html).toMatch(/<a href="[^"]+\/login">Sign in<\/a>/);
    });
  });

  describe('sessions and refresh tokens', () => {
    it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
      const tokens = await signIn(agent(), app, { email: 'support@example.com', password: DEV_PASSWORD });
      const first = await refresh(agent(), CLIENT_ID, tokens.refresh_token!, APP_ORIGIN);
      expect(first.status).toBe(200);
      expect(first.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      const rotated = (await first.json()) as Tokens;
      expect(rotated.refresh_token).toEqual(expect.any(String));
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(await idp.verify(rotated.access_token)).toMatchObject({ sub: 'local|support', roles: ['support'] });
      expect(decodeJwt(rotated.id_token).payload.sub).toBe('local|support');

      const reused = await refresh(agent(), CLIENT_ID, tokens.refresh_token!, APP_ORIGIN);
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
      // Reuse of a rotated token is treated as theft: the newer one dies with it.
      const after = await refresh(agent(), CLIENT_ID, rotated.refresh_token!, APP_ORIGIN);
      expect(after.status).toBe(400);
    });

    it('revokes a refresh token at /oauth/revoke', async () => {
      const tokens = await signIn(agent(), app, { email: 'user@example.com', password: DEV_PASSWORD });
      const revoked = await agent().form(
        '/oauth/revoke',
        { client_id: CLIENT_ID, token: tokens.refresh_token!, token_type_hint: 'refresh_token' },
        { origin: APP_ORIGIN },
      );
      expect(revoked.status).toBe(200);
      const after = await refresh(agent(), CLIENT_ID, tokens.refresh_token!, APP_ORIGIN);
      expect(after.status).toBe(400);
      expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('signs in silently with response_mode=web_message while the session lasts', async () => {
      const browser = agent();
      await signIn(browser, app, { email: 'admin@example.com', password: DEV_PASSWORD });
      const silent = await startAuthorization(browser, { ...app, prompt: 'none', responseMode: 'web_message' });
      expect(silent.response.status).toBe(200);
      const html = await silent.response.text();
      expect(html).toContain("type: 'authorization_response'");
      const code = /"code":"([^"]+)"/.exec(html)?.[1];
      expect(code).toBeDefined();
      const state = /"state":"([^"]+)"/.exec(html)?.[1];
      expect(state).toBe(silent.state);
      const tokens = (await (await redeemCode(browser, silent, app, `${APP_ORIGIN}/?code=${code}&state=${state}`)).json()) as Tokens;
      expect(await idp.verify(tokens.access_token)).toMatchObject({ sub: 'local|admin', roles: ['admin'] });
      expect(tokens.refresh_token).toEqual(expect.any(String));
    });

    it('signs out at /v2/logout with Auth0’s returnTo, then silent authentication needs a sign-in', async () => {
      const browser = agent();
      await signIn(browser, app, { email: 'user@example.com', password: DEV_PASSWORD });
      const logout = await browser.request(`/v2/logout?client_id=${CLIENT_ID}&returnTo=${encodeURIComponent(APP_ORIGIN)}`);
      expect(logout.status).toBe(200);
      const page = await logout.text();
      expect(page).toContain('name="logout" value="yes"');
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
      const confirmed = await browser.form(formAction(page), { xsrf, logout: 'yes' });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${APP_ORIGIN}/`);
      const silent = await startAuthorization(browser, { ...app, prompt: 'none', responseMode: 'web_message' });
      expect(await silent.response.text()).toContain('"error":"login_required"');

      const elsewhere = await browser.request(`/v2/logout?client_id=${CLIENT_ID}&returnTo=${encodeURIComponent('https://evil.example')}`);
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.text()).toContain('post_logout_redirect_uri not registered');
    });

    it('keeps the key, the session and refresh tokens across a restart', async () => {
      const browser = agent();
      const tokens = await signIn(browser, app, { email: 'admin@example.com', password: DEV_PASSWORD });
      const kid = decodeJwt(tokens.access_token).header.kid;

      await idp.restart();

      const jwks = (await (await fetch(`${idp.server.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
      expect(await idp.verify(tokens.access_token)).toMatchObject({ sub: 'local|admin', roles: ['admin'] });
      const refreshed = await refresh(agent(), CLIENT_ID, tokens.refresh_token!, APP_ORIGIN);
      expect(refreshed.status).toBe(200);
      const silent = await startAuthorization(browser, { ...app, prompt: 'none', responseMode: 'web_message' });
      expect(await silent.response.text()).toMatch(/"code":"[^"]+"/);
    });
  });

  describe('bad requests get OAuth errors, never a crash', () => {
    const authorize = (params: Record<string, string>) => fetch(`${idp.server.url}/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const valid = {
      client_id: CLIENT_ID,
      redirect_uri: APP_ORIGIN,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      audience: AUDIENCE,
    };

    it.each([
      ['no parameters', {}, /invalid_request/],
      ['an unknown client', { ...valid, client_id: 'intruder' }, /invalid_client/],
      ['an unregistered redirect URI', { ...valid, redirect_uri: 'https://evil.example/' }, /invalid_redirect_uri/],
      ['a redirect URI with a path', { ...valid, redirect_uri: `${APP_ORIGIN}/callback` }, /invalid_redirect_uri/],
    ])('/authorize with %s: an error page, no redirect', async (_label, params, error) => {
      const response = await authorize(params);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toMatch(error);
      expect(html).not.toMatch(/@import|https:\/\/fonts/);
    });

    it.each([
      ['no PKCE', { code_challenge: '', code_challenge_method: '' }, 'invalid_request'],
      ['PKCE plain', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['an unknown audience', { audience: 'https://other/api' }, 'invalid_target'],
      ['an implicit response type', { response_type: 'token' }, 'unsupported_response_type'],
      ['an unknown scope only', { scope: 'admin' }, null],
    ])('/authorize with %s: back to the app with an OAuth error', async (_label, override, error) => {
      const params = Object.fromEntries(Object.entries({ ...valid, ...override }).filter(([, v]) => v !== ''));
      const response = await authorize(params);
      if (error === null) {
        // An unknown scope is ignored; the request goes on to sign-in.
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toMatch(/^\/interaction\//);
        return;
      }
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe(APP_ORIGIN);
      // Query for the code flow; fragment for the implicit response type it refuses.
      const answer = location.search ? location.searchParams : new URLSearchParams(location.hash.slice(1));
      expect(answer.get('error')).toBe(error);
    });

    it.each([
      ['nothing', {}, 'invalid_request'],
      ['an unknown grant type', { grant_type: 'password', client_id: CLIENT_ID, username: 'a', password: 'b' }, 'unsupported_grant_type'],
      ['a made-up code', { grant_type: 'authorization_code', client_id: CLIENT_ID, code: 'nope', code_verifier: 'x'.repeat(43), redirect_uri: APP_ORIGIN }, 'invalid_grant'],
      ['a made-up refresh token', { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: '../../../etc/passwd' }, 'invalid_grant'],
      ['an unknown client', { grant_type: 'refresh_token', client_id: 'intruder', refresh_token: 'x' }, 'invalid_client'],
    ])('/oauth/token with %s: JSON error', async (_label, fields, error) => {
      const response = await fetch(`${idp.server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields as Record<string, string>).toString(),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ error });
    });

    it('/oauth/token with a malformed body or a wrong code verifier: JSON error', async () => {
      const malformed = await fetch(`${idp.server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ error: 'invalid_request' });

      const browser = agent();
      const flow = await startAuthorization(browser, app);
      const { url } = await browser.follow(await browser.form(formAction(await flow.response.text()), { email: 'user@example.com', password: DEV_PASSWORD }));
      const wrongVerifier = await redeemCode(browser, { ...flow, verifier: 'y'.repeat(43) }, app, url);
      expect(wrongVerifier.status).toBe(400);
      expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses token requests from an origin that is not the app', async () => {
      const response = await fetch(`${idp.server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'x' }).toString(),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${idp.server.url}/oauth/token`, {
        method: 'OPTIONS',
        headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'auth0-client,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('auth0-client');
    });

    it('/userinfo and /oauth/revoke without a token: OAuth errors', async () => {
      const userinfo = await fetch(`${idp.server.url}/userinfo`);
      expect(userinfo.status).toBe(401);
      expect(await userinfo.json()).toMatchObject({ error: 'invalid_token' });
      const revoke = await fetch(`${idp.server.url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${CLIENT_ID}`,
      });
      expect(revoke.status).toBe(400);
      expect(await revoke.json()).toMatchObject({ error: 'invalid_request' });
    });

    it('sign-in pages without their sign-in attempt: an error page', async () => {
      const stale = await fetch(`${idp.server.url}/interaction/abc123`);
      expect(stale.status).toBe(400);
      expect(await stale.text()).toContain('sign in again');
      const post = await fetch(`${idp.server.url}/interaction/abc123/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.co&password=x',
      });
      expect(post.status).toBe(400);
      expect((await fetch(`${idp.server.url}/interaction/..%2f..%2fetc`)).status).toBe(404);

      const browser = agent();
      const flow = await startAuthorization(browser, app);
      const action = formAction(await flow.response.text());
      const json = await browser.request(action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(json.status).toBe(415);
      const huge = await browser.form(action, { email: 'a@b.co', password: 'x'.repeat(20_000) });
      expect(huge.status).toBe(413);
      const otherAttempt = await browser.request(action.replace(/\/interaction\/[\w-]+/, '/interaction/not-this-one'));
      expect(otherAttempt.status).toBe(400);
    });

    it('malformed URLs, encodings and duplicated parameters: 400', async () => {
      const port = Number(new URL(idp.server.url).port);
      const statusLine = (requestLine: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk));
          socket.on('end', () => resolve(answer.split('\r\n')[0]!));
          socket.on('error', reject);
        });
      expect(await statusLine('GET http://[ HTTP/1.1')).toBe('HTTP/1.1 400 Bad Request');
      expect(await statusLine('GET /authorize?%zz=1&client_id=%E0%A4%A HTTP/1.1')).toBe('HTTP/1.1 400 Bad Request');
      expect(await statusLine(`GET /authorize?client_id=${CLIENT_ID}&client_id=other HTTP/1.1`)).toBe('HTTP/1.1 400 Bad Request');
    });

    it('is still serving after all of that', async () => {
      expect((await fetch(`${idp.server.url}/.well-known/openid-configuration`)).status).toBe(200);
    });
  });

  describe('npm run token', () => {
    const token = (args: string[], env: Record<string, string> = {}) =>
      run(path.join(serviceRoot, 'node_modules', '.bin', 'tsx'), ['src/identity/token-cli.ts', ...args], {
        cwd: serviceRoot,
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: idp.dataDir, IDENTITY_ISSUER: idp.server.issuer, ...env },
      });

    it('prints only an access token that matches the provider’s own, for a known or a new identity', async () => {
      const admin = await token(['admin@example.com']);
      expect(admin.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
      const accessToken = admin.stdout.trim();
      expect(await idp.verify(accessToken)).toEqual({ sub: 'local|admin', name: 'Theo Theatre', email: 'admin@example.com', roles: ['admin'] });
      const signedIn = await signIn(agent(), app, { email: 'admin@example.com', password: DEV_PASSWORD });
      const cli = decodeJwt(accessToken);
      const real = decodeJwt(signedIn.access_token);
      expect(cli.header).toEqual(real.header);
      expect(Object.keys(cli.payload).sort()).toEqual(Object.keys(real.payload).sort());

      const newcomer = (await token(['Walk.In@Example.com', '--role', 'support'])).stdout.trim();
      expect(await idp.verify(newcomer)).toEqual({ sub: 'local|walk.in@example.com', name: 'Walk.in', email: 'walk.in@example.com', roles: ['support'] });
      // --role applies to that token only; the account stays a moviegoer.
      expect((await idp.server.accounts.findByEmail('walk.in@example.com'))?.roles).toEqual([]);
    });

    it('refuses bad arguments and production mode', async () => {
      await expect(token(['not-an-email'])).rejects.toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('usage: npm run token') });
      await expect(token(['a@b.co', '--role', 'owner'])).rejects.toMatchObject({ code: 2, stdout: '' });
      await expect(token(['a@b.co'], { NODE_ENV: 'production' })).rejects.toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringContaining('refuses to run with NODE_ENV=production'),
      });
    });
  });
});

describe.skipIf(laneLeftOut('pglite') !== null)('production mode', () => {
  it('the provider refuses to start', async () => {
    const config = loadIdentityConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent-identity-dir', IDENTITY_PORT: '0' });
    await expect(startIdentityServer(config)).rejects.toBeInstanceOf(ProductionRefusedError);
    await expect(startIdentityServer(config)).rejects.toThrow(/refuses to run with NODE_ENV=production/);
  });
});
