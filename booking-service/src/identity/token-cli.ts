/**
 * `npm run token -- <email> [--role admin|support|door]`: prints an access token from
 * the local identity provider for that identity (same issuer, audience, key,
 * claims and format as the tokens it issues at sign-in, valid 12 hours), for
 * tooling and tests. An unknown email gets a new moviegoer account; `--role`
 * adds the role to this token only. Refuses in production.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, LOCAL_ISSUER } from '../config/config.ts';
import { isRole, ROLES, type Role } from './dev-accounts.ts';
import { AccountExistsError, AccountStore, normalizeEmail, validEmail } from './provider/accounts.ts';
import { loadIdentityConfig, ProductionRefusedError } from './provider/config.ts';
import { loadOrCreateKeys } from './provider/keys.ts';
import { createIdentityProvider, issueAccessToken } from './provider/provider.ts';

const USAGE = `usage: npm run token -- <email> [--role ${ROLES.join('|')}]`;

function parse(args: string[]): { email: string; roles: Role[] } {
  const roles: Role[] = [];
  let email: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--role') {
      const role = args[(i += 1)];
      if (!isRole(role)) throw new ConfigError(USAGE);
      roles.push(role);
    } else if (!arg.startsWith('--') && email === undefined) {
      email = normalizeEmail(arg);
    } else {
      throw new ConfigError(USAGE);
    }
  }
  if (!email || !validEmail(email)) throw new ConfigError(USAGE);
  return { email, roles };
}

async function main(args: string[]) {
  const config = loadIdentityConfig();
  if (config.env === 'production') throw new ProductionRefusedError('npm run token');
  const { email, roles } = parse(args);

  const keys = await loadOrCreateKeys(config.dir);
  const accounts = new AccountStore(config.dir);
  await accounts.seed();
  let account = await accounts.findByEmail(email);
  if (!account) {
    const name = email.split('@')[0]!;
    // A moviegoer who signs in with the provider's sign-up page would choose a password; this one gets a random one.
    account = await accounts
      .create({ email, name: name.charAt(0).toUpperCase() + name.slice(1), password: randomBytes(24).toString('base64url') })
      .catch(async (error: unknown) => {
        if (error instanceof AccountExistsError) return (await accounts.findByEmail(email))!;
        throw error;
      });
  }
  const provider = createIdentityProvider({ config, issuer: config.issuer ?? LOCAL_ISSUER, keys, accounts });
  const token = await issueAccessToken(provider, config, account.sub, { roles, expiresIn: 12 * 60 * 60 });
  process.stdout.write(`${token}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
