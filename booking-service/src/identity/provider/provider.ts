import path from 'node:path';
import Provider, {
  errors,
  type Account as OidcAccount,
  type Client,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { Role } from '../dev-accounts.ts';
import type { AccountStore } from './accounts.ts';
import type { IdentityConfig } from './config.ts';
import { fileAdapterFactory } from './file-adapter.ts';
import type { IdentityKeys } from './keys.ts';
import { BRAND, errorPage, signedOutPage, signOutPage, type Page } from './pages.ts';

export interface IdentityProviderOptions {
  config: IdentityConfig;
  /** With the trailing slash. */
  issuer: string;
  keys: IdentityKeys;
  accounts: AccountStore;
}

export const ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  jwks: '/.well-known/jwks.json',
  userinfo: '/userinfo',
  revocation: '/oauth/revoke',
  end_session: '/v2/logout',
} as const;

const DAY = 24 * 60 * 60;

export function storeDir(config: IdentityConfig): string {
  return path.join(config.dir, 'store');
}

/** Each origin may be the redirect target with or without its trailing slash (`window.location.origin` has none). */
export function redirectUris(origins: readonly string[]): string[] {
  return origins.flatMap((origin) => [origin, `${origin}/`]);
}

function send(ctx: KoaContextWithOIDC, page: Page) {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', page.csp);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = page.html;
}

/**
 * OpenID Connect drops `offline_access` unless the request says `prompt=consent`;
 * Auth0 does not, and the SDK (with `useRefreshTokens`) asks for it without that
 * prompt. Put it back when it was asked for, so refresh tokens are issued as on Auth0.
 */
function honourOfflineAccess(ctx: KoaContextWithOIDC, client: Client) {
  const raw = ctx.method === 'POST' ? (ctx.oidc.body as Record<string, unknown> | undefined)?.scope : ctx.query.scope;
  const requested = typeof raw === 'string' ? raw.split(' ') : [];
  const scope = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope.split(' ') : [];
  if (requested.includes('offline_access') && !scope.includes('offline_access') && client.grantTypeAllowed('refresh_token')) {
    ctx.oidc.params!.scope = [...scope, 'offline_access'].join(' ');
  }
}

/** The grant of the signed-in user for the app, extended with whatever this request asks for (first-party consent). */
async function autoGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  const clientId = oidc.client?.clientId;
  if (!oidc.session || !accountId || !clientId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes]);
  const claims = [...oidc.requestParamClaims];
  if (claims.length) grant.addOIDCClaims(claims);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}

/** Roles added to particular access tokens by `npm run token -- <email> --role …`. */
const extraRoles = new WeakMap<object, Role[]>();

/** The booking API as a resource server: RS256 JWT access tokens with `aud` set to the API's audience. */
function apiResourceServer(config: IdentityConfig): ResourceServer {
  return {
    scope: '',
    audience: config.audience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: config.accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  };
}

/**
 * The local OpenID Connect provider, configured to look like Auth0 to the
 * unmodified Auth0 SDKs: Auth0's routes, `audience` as the resource indicator
 * (RS256 JWT access tokens for the API), the roles claim, refresh tokens with
 * rotation, silent authentication through `response_mode=web_message`, and
 * sign-out at /v2/logout.
 */
export function createIdentityProvider({ config, issuer, keys, accounts }: IdentityProviderOptions): Provider {
  const resourceServer = apiResourceServer(config);

  const configuration: Configuration = {
    adapter: fileAdapterFactory(storeDir(config)),
    clients: [
      {
        client_id: config.clientId,
        client_name: BRAND,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris(config.redirectOrigins),
        post_logout_redirect_uris: redirectUris(config.redirectOrigins),
      },
    ],
    jwks: { keys: keys.signing.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: keys.cookieKeys,
      // Cookies ignore ports, so every localhost app shares them: names that will not collide.
      names: { session: 'movie_idp_session', interaction: 'movie_idp_interaction', resume: 'movie_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: ROUTES,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'nickname', config.rolesClaim],
    },
    // Like Auth0: the ID token carries the profile and email claims of the granted scopes.
    conformIdTokenClaims: false,
    extraParams: {
      // The Auth0 SDK names the API with `audience` (used as the resource indicator below).
      audience: null,
      // `loginWithRedirect({ authorizationParams: { screen_hint: 'signup' } })` opens the sign-up page, as on Auth0.
      screen_hint: null,
      // Sent by the SDK; the validator runs on every authorization request, sent or not.
      auth0Client: (ctx, _value, client) => honourOfflineAccess(ctx, client),
    },
    // The platform's own app is the only client: it gets what it asks for without a consent screen.
    loadExistingGrant: autoGrant,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          // Auth0's /v2/logout ends the session without asking: submit "sign out of everything" at once.
          send(ctx, signOutPage(form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')));
        },
        postLogoutSuccessSource: (ctx) => send(ctx, signedOutPage()),
      },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx, _client, oneOf) => {
          if (oneOf) return oneOf.includes(config.audience) ? config.audience : oneOf;
          const audience = ctx.oidc.params?.audience;
          return typeof audience === 'string' && audience ? audience : undefined;
        },
        // The SDK does not resend `audience` when it redeems the code or a refresh token.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== config.audience) throw new errors.InvalidTarget(`unknown audience; this provider issues tokens for ${config.audience}`);
          return resourceServer;
        },
      },
    },
    async findAccount(_ctx, sub): Promise<OidcAccount | undefined> {
      const account = await accounts.findBySub(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          name: account.name,
          nickname: account.email.split('@')[0],
          [config.rolesClaim]: account.roles,
        }),
      };
    },
    // The booking service reads identity and roles from the access token alone.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.aud || !token.accountId) return undefined;
      const account = await accounts.findBySub(token.accountId);
      if (!account) return undefined;
      const roles = [...new Set([...account.roles, ...(extraRoles.get(token) ?? [])])];
      return { email: account.email, name: account.name, [config.rolesClaim]: roles };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      // Rotation keeps the lifetime of the first refresh token: 14 days after sign-in, sign in again.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
    renderError: (ctx, out) => {
      send(ctx, errorPage(out.error, out.error_description));
    },
  };

  return new Provider(issuer, configuration);
}

/**
 * An access token exactly as the provider issues them (same issuer, audience,
 * key, claims and format), for `npm run token`; `roles` adds roles to this token only.
 */
export async function issueAccessToken(
  provider: Provider,
  config: IdentityConfig,
  accountId: string,
  options: { roles?: Role[]; expiresIn?: number } = {},
): Promise<string> {
  const client = await provider.Client.find(config.clientId);
  if (!client) throw new Error(`client ${config.clientId} is not configured`);
  const token = new provider.AccessToken({ accountId, client, grantId: 'npm-run-token', gty: 'authorization_code', expiresIn: options.expiresIn });
  token.resourceServer = new provider.ResourceServer(config.audience, apiResourceServer(config));
  if (options.roles?.length) extraRoles.set(token, options.roles);
  return token.save();
}
