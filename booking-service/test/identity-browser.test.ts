/**
 * The unmodified Auth0 SPA SDK (the one inside @auth0/auth0-react) signing in
 * against the local identity provider in real Chromium: login page, callback,
 * reload (silent authentication or refresh token), getTokenSilently, sign-up,
 * logout. The test page is served on a free port; it and the provider are both
 * on `localhost`, i.e. the same site, as the shell (3000) and the provider (4400) are.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PASSWORD } from '../src/identity/dev-accounts.ts';
import { AUDIENCE, CLIENT_ID, startTestIdentity, type TestIdentity } from './support/identity.ts';
import { laneLeftOut } from './support/lane-selection.ts';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SDK_FILE = path.join(serviceRoot, 'node_modules', '@auth0', 'auth0-spa-js', 'dist', 'auth0-spa-js.production.js');

/** What the shell's Auth0Provider does on start: finish a redirect sign-in, or check the session. */
const APP_SCRIPT = `
const config = JSON.parse(document.getElementById('config').textContent);
const status = document.getElementById('status');
(async () => {
  const client = new auth0.Auth0Client(config);
  window.client = client;
  const params = new URLSearchParams(location.search);
  if ((params.has('code') || params.has('error')) && params.has('state')) {
    await client.handleRedirectCallback();
    history.replaceState({}, document.title, location.pathname);
  } else {
    await client.checkSession();
  }
  const user = await client.getUser();
  status.textContent = user ? 'Signed in as ' + user.name : 'Signed out';
  window.appState = { user: user || null };
})().catch((error) => {
  status.textContent = 'Error: ' + (error.error || error.message);
  window.appState = { error: error.error || error.message };
});
document.getElementById('login').onclick = () => window.client.loginWithRedirect();
document.getElementById('signup').onclick = () => window.client.loginWithRedirect({ authorizationParams: { screen_hint: 'signup' } });
document.getElementById('logout').onclick = () => window.client.logout({ logoutParams: { returnTo: location.origin } });
`;

/** The page's globals, for code that runs in the browser (this package compiles without the DOM library). */
interface PageGlobals {
  appState?: AppState;
  client: { getTokenSilently(options: { cacheMode: 'on' | 'off' }): Promise<string> };
  document: { getElementById(id: string): { textContent: string | null } | null };
  localStorage: { getItem(key: string): string | null } & Record<string, unknown>;
}

interface AppState {
  user?: { name: string } | null;
  error?: string;
}

interface PageServer {
  origin: string;
  /** Auth0Client options for the next page load. */
  options: Record<string, unknown>;
  close(): Promise<void>;
}

async function startPageServer(): Promise<PageServer> {
  const sdk = await readFile(SDK_FILE);
  const state: { options: Record<string, unknown> } = { options: {} };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://page');
    if (pathname === '/auth0-spa-js.production.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    } else if (pathname === '/') {
      const config = JSON.stringify(state.options).replace(/</g, '\\u003c');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Movie App test page</title></head>
<body>
<p id="status">Loading</p>
<button id="login">Log in</button> <button id="signup">Create account</button> <button id="logout">Log out</button>
<script id="config" type="application/json">${config}</script>
<script src="/auth0-spa-js.production.js"></script>
<script>${APP_SCRIPT}</script>
</body></html>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    get options() {
      return state.options;
    },
    set options(value) {
      state.options = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.skipIf(laneLeftOut('pglite') !== null)('the Auth0 SPA SDK in Chromium against the local identity provider', () => {
  let pages: PageServer;
  let idp: TestIdentity;
  let browser: Browser;
  /** What reached the provider: authorization requests and token grants. */
  const seen: { authorize: Record<string, unknown>[]; grants: string[] } = { authorize: [], grants: [] };

  beforeAll(async () => {
    pages = await startPageServer();
    idp = await startTestIdentity({ IDENTITY_REDIRECT_ORIGINS: pages.origin });
    idp.server.provider.on('authorization.accepted', (ctx) => seen.authorize.push({ ...ctx.oidc.params }));
    idp.server.provider.on('grant.success', (ctx) => seen.grants.push(String(ctx.oidc.params?.grant_type)));
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await pages?.close();
  });

  /** The Auth0Provider props the shell uses, with this test's origins. */
  function sdkOptions(cacheLocation: 'memory' | 'localstorage') {
    return {
      domain: new URL(idp.server.issuer).origin, // http://localhost:<port>: the SDK then expects iss = domain + '/'
      clientId: CLIENT_ID,
      authorizationParams: { redirect_uri: pages.origin, audience: AUDIENCE },
      cacheLocation,
      useRefreshTokens: true,
      useRefreshTokensFallback: true,
    };
  }

  async function openApp(cacheLocation: 'memory' | 'localstorage'): Promise<{ page: Page; hosts: Set<string> }> {
    pages.options = sdkOptions(cacheLocation);
    const context = await browser.newContext();
    const page = await context.newPage();
    const hosts = new Set<string>();
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.host);
    });
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${pages.origin}/`);
    return { page, hosts };
  }

  async function appState(page: Page): Promise<AppState> {
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).appState !== undefined, undefined, { timeout: 20_000 });
    return page.evaluate(() => (globalThis as unknown as PageGlobals).appState!);
  }

  function accessToken(page: Page, cacheMode: 'on' | 'off' = 'on'): Promise<string> {
    return page.evaluate((mode) => (globalThis as unknown as PageGlobals).client.getTokenSilently({ cacheMode: mode }), cacheMode);
  }

  function signedOut(page: Page) {
    return page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.getElementById('status')?.textContent === 'Signed out');
  }

  async function signInThroughPage(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in, stays signed in across a reload by silent authentication, gets tokens the service accepts, signs out', async () => {
    const { page, hosts } = await openApp('memory');
    expect(await appState(page)).toEqual({ user: null });
    await expect(page.locator('#status').textContent()).resolves.toBe('Signed out');

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`^${idp.server.issuer}interaction/`));
    expect(await page.title()).toContain('Sign in');

    // Wrong password: an error on the same page, nobody signed in.
    await signInThroughPage(page, 'user@example.com', 'not-the-password');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong email or password.');
    expect(page.url().startsWith(idp.server.issuer)).toBe(true);

    await signInThroughPage(page, 'user@example.com', DEV_PASSWORD);
    await page.waitForURL(`${pages.origin}/`);
    expect(await appState(page)).toMatchObject({ user: { name: 'Maya Moviegoer' } });
    expect(await idp.verify(await accessToken(page))).toEqual({ sub: 'local|user', name: 'Maya Moviegoer', email: 'user@example.com', roles: [] });

    // Reload: the in-memory cache is gone; the SDK signs in silently through a hidden iframe (response_mode=web_message).
    seen.authorize.length = 0;
    await page.reload();
    expect(await appState(page)).toMatchObject({ user: { name: 'Maya Moviegoer' } });
    expect(seen.authorize).toContainEqual(expect.objectContaining({ prompt: 'none', response_mode: 'web_message', audience: AUDIENCE }));
    expect(await idp.verify(await accessToken(page))).toMatchObject({ sub: 'local|user' });

    // A fresh token past the cache comes from the refresh token that silent authentication brought.
    seen.grants.length = 0;
    expect(await idp.verify(await accessToken(page, 'off'))).toMatchObject({ sub: 'local|user' });
    expect(seen.grants).toEqual(['refresh_token']);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${pages.origin}/`);
    await signedOut(page);
    // The provider's session is gone too: silent authentication now needs a sign-in.
    const silent = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).client
        .getTokenSilently({ cacheMode: 'off' })
        .then(() => 'token', (error: { error?: string }) => error.error),
    );
    expect(silent).toBe('login_required');

    // Nothing but the app and the provider was contacted: no CDN, no Auth0 cloud.
    expect([...hosts].sort()).toEqual([new URL(pages.origin).host, new URL(idp.server.issuer).host].sort());
    await page.context().close();
  }, 90_000);

  it('with cacheLocation localstorage: reload keeps the session, refresh tokens rotate, the admin role reaches the service', async () => {
    const { page } = await openApp('localstorage');
    await appState(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`^${idp.server.issuer}interaction/`));
    await signInThroughPage(page, 'admin@example.com', DEV_PASSWORD);
    await page.waitForURL(`${pages.origin}/`);
    expect(await appState(page)).toMatchObject({ user: { name: 'Theo Theatre' } });
    expect(await idp.verify(await accessToken(page))).toMatchObject({ sub: 'local|admin', roles: ['admin'] });

    const refreshTokens = () =>
      page.evaluate(() => {
        const storage = (globalThis as unknown as PageGlobals).localStorage;
        return Object.keys(storage)
          .filter((key) => key.startsWith('@@auth0spajs@@') && !key.endsWith('@@user@@'))
          .map((key) => (JSON.parse(storage.getItem(key)!) as { body?: { refresh_token?: string } }).body?.refresh_token)
          .filter(Boolean);
      });
    const [before] = await refreshTokens();
    expect(before).toEqual(expect.any(String));

    seen.authorize.length = 0;
    await page.reload();
    expect(await appState(page)).toMatchObject({ user: { name: 'Theo Theatre' } });
    expect(seen.authorize).toEqual([]);

    seen.grants.length = 0;
    expect(await idp.verify(await accessToken(page, 'off'))).toMatchObject({ sub: 'local|admin', roles: ['admin'] });
    expect(seen.grants).toEqual(['refresh_token']);
    const [after] = await refreshTokens();
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${pages.origin}/`);
    await signedOut(page);
    expect(await refreshTokens()).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('signs up a new moviegoer from the sign-in page', async () => {
    const { page } = await openApp('localstorage');
    await appState(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill('browser.fan@example.com');
    await page.getByLabel('Name').fill('Bea Browser');
    await page.getByLabel('Password').fill('a-good-long-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${pages.origin}/`);
    expect(await appState(page)).toMatchObject({ user: { name: 'Bea Browser' } });
    expect(await idp.verify(await accessToken(page))).toEqual({
      sub: 'local|browser.fan@example.com',
      name: 'Bea Browser',
      email: 'browser.fan@example.com',
      roles: [],
    });
    await page.context().close();
  }, 90_000);
});
