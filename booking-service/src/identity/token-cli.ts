/**
 * `npm run token -- <email> [--role admin|support|door]`: prints an access token from
 * the local identity provider for that identity (same issuer, audience, key,
 * claims and format as the tokens it issues at sign-in, valid 12 hours), for
 * tooling and tests. An unknown email gets a new moviegoer account; `--role`
 * adds the role to this token only. Refuses in production.
 */
import { ConfigError } from '../config/config.ts';
import { isRole, ROLES, type Role } from './dev-accounts.ts';
import { localTokenIssuer } from './local-tokens.ts';
import { normalizeEmail, validEmail } from './provider/accounts.ts';
import { loadIdentityConfig, ProductionRefusedError } from './provider/config.ts';

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
  const issuer = await localTokenIssuer(config);
  process.stdout.write(`${await issuer.tokenFor(email, { roles })}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
