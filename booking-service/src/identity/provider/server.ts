import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, type default as Provider } from 'oidc-provider';
import { AccountExistsError, AccountStore, checkSignUp, normalizeEmail } from './accounts.ts';
import { ProductionRefusedError, type IdentityConfig } from './config.ts';
import { sweep } from './file-adapter.ts';
import { loadOrCreateKeys } from './keys.ts';
import { errorPage, signInPage, signUpPage, type Page } from './pages.ts';
import { createIdentityProvider, storeDir } from './provider.ts';

export interface IdentityServer {
  /** With the trailing slash. */
  issuer: string;
  /** Where the server listens, e.g. http://127.0.0.1:4400 (the issuer may name it differently, e.g. localhost). */
  url: string;
  provider: Provider;
  accounts: AccountStore;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 16 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

function sendPage(res: ServerResponse, status: number, page: Page) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(page.html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'invalid_request', 'only application/x-www-form-urlencoded forms are accepted');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new HttpError(413, 'invalid_request', 'the form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Auth0's /v2/logout takes `returnTo`; OpenID Connect's end-session endpoint takes `post_logout_redirect_uri`. */
function mapAuth0Logout(req: IncomingMessage) {
  const url = new URL(req.url ?? '/', 'http://provider');
  const returnTo = url.searchParams.get('returnTo');
  if (returnTo !== null && !url.searchParams.has('post_logout_redirect_uri')) {
    url.searchParams.delete('returnTo');
    url.searchParams.set('post_logout_redirect_uri', returnTo);
    req.url = `${url.pathname}${url.search}`;
  }
}

/**
 * The sign-in and sign-up pages: the provider sends the browser here when it needs the user.
 * (Consent needs no page: the app is first-party, see `autoGrant`.)
 */
function interactionHandler(provider: Provider, accounts: AccountStore) {
  async function details(req: IncomingMessage, res: ServerResponse, uid: string) {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== uid) throw new HttpError(400, 'invalid_request', 'this sign-in page belongs to another sign-in attempt');
    return interaction;
  }

  function login(req: IncomingMessage, res: ServerResponse, accountId: string) {
    return provider.interactionFinished(req, res, { login: { accountId, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const base = `/interaction/${encodeURIComponent(uid)}`;
    const interaction = await details(req, res, uid);
    const { prompt, params } = interaction;
    if (prompt.name !== 'login') throw new HttpError(400, 'invalid_request', `this sign-in attempt is not waiting for a sign-in (${prompt.name})`);
    const loginHint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
    const signIn = (options: { email?: string; error?: string } = { email: loginHint }) =>
      signInPage({ action: `${base}/login`, signUpUrl: `${base}/signup`, ...options });
    const signUp = (options: Omit<Parameters<typeof signUpPage>[0], 'action' | 'signInUrl'> = { values: { email: loginHint } }) =>
      signUpPage({ action: `${base}/signup`, signInUrl: `${base}/login`, ...options });

    if (req.method === 'GET') {
      const showSignUp = action === 'signup' || (action === undefined && params.screen_hint === 'signup');
      return sendPage(res, 200, showSignUp ? signUp() : signIn());
    }

    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = form.get('email') ?? '';
      const account = await accounts.authenticate(email, form.get('password') ?? '');
      if (!account) {
        return sendPage(res, 401, signIn({ email: normalizeEmail(email), error: 'Wrong email or password.' }));
      }
      return login(req, res, account.sub);
    }

    if (req.method === 'POST' && action === 'signup') {
      const form = await readForm(req);
      const input = { email: form.get('email') ?? '', name: form.get('name') ?? '', password: form.get('password') ?? '' };
      const values = { email: normalizeEmail(input.email), name: input.name.trim() };
      const problems = checkSignUp(input);
      const again = (error: string) => sendPage(res, 400, signUp({ values, problems, error }));
      if (Object.keys(problems).length > 0) return again('Please correct the highlighted fields.');
      try {
        const account = await accounts.create(input);
        return login(req, res, account.sub);
      } catch (error) {
        if (error instanceof AccountExistsError) return again('An account with this email already exists. Sign in instead.');
        throw error;
      }
    }

    throw new HttpError(405, 'invalid_request', 'method not allowed');
  };
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts the local identity provider. Refuses to start with NODE_ENV=production. */
export async function startIdentityServer(
  config: IdentityConfig,
  log: (message: string) => void = config.logLevel === 'silent' ? () => {} : (m) => process.stderr.write(`[identity] ${m}\n`),
): Promise<IdentityServer> {
  if (config.env === 'production') throw new ProductionRefusedError('The local identity provider');

  const keys = await loadOrCreateKeys(config.dir);
  const accounts = new AccountStore(config.dir);
  await accounts.seed();

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  server.keepAliveTimeout = 5_000;
  const address = await listen(server, config.port, config.host);
  // Only once the port is ours: a second provider on the same data folder stops at listen, before touching the store.
  await sweep(storeDir(config)).catch((error: unknown) => {
    server.close();
    throw error;
  });
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const issuer = config.issuer ?? `http://localhost:${address.port}/`;

  const provider = createIdentityProvider({ config, issuer, keys, accounts });
  provider.on('server_error', (_ctx, error) => log(`server error: ${error.stack ?? error.message}`));
  const oidc = provider.callback();
  const interaction = interactionHandler(provider, accounts);

  handler = (req, res) => {
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://provider').pathname;
    } catch {
      sendPage(res, 400, errorPage('invalid_request', 'malformed request URL'));
      return;
    }
    const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|signup))?\/?$/.exec(pathname);
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        let status = 500;
        let page = errorPage('server_error', 'something went wrong; try signing in again');
        if (error instanceof HttpError) {
          status = error.status;
          page = errorPage(error.error, error.description);
        } else if (error instanceof errors.SessionNotFound) {
          status = 400;
          page = errorPage('invalid_request', 'this sign-in attempt has expired or was already completed; go back to the site and sign in again');
        } else {
          log(`interaction failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        }
        if (res.headersSent) res.destroy();
        else sendPage(res, status, page);
      });
      return;
    }
    if (pathname.startsWith('/interaction/')) {
      sendPage(res, 404, errorPage('invalid_request', 'unknown sign-in page'));
      return;
    }
    if (pathname === '/v2/logout') mapAuth0Logout(req);
    oidc(req, res);
  };

  log(`local identity provider (development only) on ${url}, issuer ${issuer}, data in ${config.dir}`);
  return {
    issuer,
    url,
    provider,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
