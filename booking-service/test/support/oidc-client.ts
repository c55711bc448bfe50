import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser stand-in for driving the identity provider with fetch:
 * a cookie jar for one host, manual redirects, and the authorization code +
 * PKCE flow exactly as the Auth0 SDK runs it (same parameters).
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size && url.origin === new URL(this.baseUrl).origin) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects within the provider; stops at a page (2xx/4xx) or a redirect elsewhere (the app). */
  async follow(response: Response): Promise<{ response: Response; url: string }> {
    let current = response;
    let url = current.url;
    for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops += 1) {
      const location = new URL(current.headers.get('location')!, this.baseUrl);
      url = location.href;
      if (location.origin !== new URL(this.baseUrl).origin) return { response: current, url };
      current = await this.request(location.href);
    }
    return { response: current, url };
  }
}

export interface FlowOptions {
  clientId: string;
  redirectUri: string;
  audience?: string;
  scope?: string;
  prompt?: string;
  responseMode?: string;
  extra?: Record<string, string>;
}

export interface StartedFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** The first answer of /authorize, redirects followed within the provider. */
  response: Response;
  url: string;
}

export async function startAuthorization(agent: Agent, options: FlowOptions): Promise<StartedFlow> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    response_mode: options.responseMode ?? 'query',
    scope: options.scope ?? 'openid profile email offline_access',
    state,
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-spa-js', version: '2.27.0' })).toString('base64'),
    ...(options.audience ? { audience: options.audience } : {}),
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...options.extra,
  });
  const { response, url } = await agent.follow(await agent.request(`/authorize?${params}`));
  return { state, nonce, verifier, response, url };
}

/** The action of the page's form. */
export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page:\n${html}`);
  return match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

export async function redeemCode(agent: Agent, flow: StartedFlow, options: FlowOptions, redirectedTo: string): Promise<Response> {
  const callback = new URL(redirectedTo);
  if (callback.searchParams.get('state') !== flow.state) throw new Error(`state mismatch in ${redirectedTo}`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirectedTo}`);
  return agent.form(
    '/oauth/token',
    { grant_type: 'authorization_code', client_id: options.clientId, code, code_verifier: flow.verifier, redirect_uri: options.redirectUri },
    { origin: new URL(options.redirectUri).origin, 'auth0-client': 'eyJuYW1lIjoiYXV0aDAtc3BhLWpzIn0=' },
  );
}

/** The whole sign-in: authorize, sign-in form, automatic consent, code, tokens. */
export async function signIn(agent: Agent, options: FlowOptions, credentials: { email: string; password: string }): Promise<Tokens> {
  const flow = await startAuthorization(agent, options);
  if (flow.response.status !== 200) throw new Error(`expected the sign-in page, got ${flow.response.status} at ${flow.url}`);
  const page = await flow.response.text();
  const submitted = await agent.form(formAction(page), credentials);
  const { response, url } = await agent.follow(submitted);
  if (!url.startsWith(options.redirectUri)) throw new Error(`sign-in did not return to the app (${response.status} ${url}):\n${await response.text()}`);
  const tokens = await redeemCode(agent, flow, options, url);
  if (tokens.status !== 200) throw new Error(`token endpoint answered ${tokens.status}: ${await tokens.text()}`);
  return (await tokens.json()) as Tokens;
}

export function refresh(agent: Agent, clientId: string, refreshToken: string, origin: string): Promise<Response> {
  return agent.form('/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }, { origin });
}

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>,
  };
}
