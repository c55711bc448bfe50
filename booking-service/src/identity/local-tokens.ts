/**
 * Access tokens from the local identity provider's own key for any email, as `npm run token` prints them (same
 * issuer, audience, key, claims and format as the tokens it issues at sign-in): for tooling, tests and benches
 * that need many signed-in moviegoers without a browser. An unknown email gets a new moviegoer account.
 */
import { randomBytes } from 'node:crypto';
import { LOCAL_ISSUER } from '../config/config.ts';
import type { Role } from './dev-accounts.ts';
import { AccountExistsError, AccountStore, normalizeEmail } from './provider/accounts.ts';
import { type IdentityConfig, ProductionRefusedError } from './provider/config.ts';
import { loadOrCreateKeys } from './provider/keys.ts';
import { createIdentityProvider, issueAccessToken } from './provider/provider.ts';

export interface LocalTokenIssuer {
  /** A token for this email (its account created on first use), valid for `expiresIn` seconds (12 hours by default). */
  tokenFor(email: string, options?: { roles?: Role[]; expiresIn?: number }): Promise<string>;
}

export async function localTokenIssuer(config: IdentityConfig): Promise<LocalTokenIssuer> {
  if (config.env === 'production') throw new ProductionRefusedError('a local token');
  const keys = await loadOrCreateKeys(config.dir);
  const accounts = new AccountStore(config.dir);
  await accounts.seed();
  const provider = createIdentityProvider({ config, issuer: config.issuer ?? LOCAL_ISSUER, keys, accounts });

  const accountFor = async (email: string) => {
    const existing = await accounts.findByEmail(email);
    if (existing) return existing;
    const name = email.split('@')[0]!;
    // A moviegoer who signs up on the provider's page would choose a password; this one gets a random one.
    return accounts
      .create({ email, name: name.charAt(0).toUpperCase() + name.slice(1), password: randomBytes(24).toString('base64url') })
      .catch(async (error: unknown) => {
        if (error instanceof AccountExistsError) return (await accounts.findByEmail(email))!;
        throw error;
      });
  };

  return {
    async tokenFor(email, { roles = [], expiresIn = 12 * 60 * 60 } = {}) {
      const account = await accountFor(normalizeEmail(email));
      return issueAccessToken(provider, config, account.sub, { roles, expiresIn });
    },
  };
}
