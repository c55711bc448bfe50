/**
 * `npm run token -- <email> [--role admin|support]`: prints a development access
 * token that the service accepts, for tooling and tests. Refuses in production.
 */
import { loadConfig } from '../config/config.ts';
import { devAccountFor, type Role } from './dev-accounts.ts';
import { loadOrCreateDevKey, signAccessToken } from './dev-keys.ts';

const USAGE = 'usage: npm run token -- <email> [--role admin|support]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(args: string[]) {
  const config = loadConfig();
  if (config.env === 'production') fail('npm run token is for development only and refuses to run with NODE_ENV=production');
  if (config.auth.jwksUrl) fail(`tokens come from the identity provider at ${config.auth.issuer}; this command signs only development tokens`);

  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) fail(USAGE);
  const roleIndex = args.indexOf('--role');
  const account = devAccountFor(email);
  const roles = new Set<Role>(account.roles);
  if (roleIndex !== -1) {
    const role = args[roleIndex + 1];
    if (role !== 'admin' && role !== 'support') fail(USAGE);
    roles.add(role);
  }
  const key = await loadOrCreateDevKey(config.dataDir);
  const token = await signAccessToken(key, { ...account, roles: [...roles] }, {
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    rolesClaim: config.auth.rolesClaim,
    expiresIn: '12h',
  });
  process.stdout.write(`${token}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
