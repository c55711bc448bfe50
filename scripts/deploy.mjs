#!/usr/bin/env node
/**
 * The deploy command (README, "Deploying with npm run deploy"):
 *
 *   npm run deploy -- <customer|admin|debug> <build folder or URL>   a remote, checked against the live shell
 *   npm run deploy -- shell <build folder>                           the shell, checked against every live remote
 *   npm run deploy -- rollback <shell|customer|admin|debug>          back to the release live before this one
 *
 * Options: --site <folder> (the live site, default $DEPLOY_SITE or .site/ in the
 * checkout: what `node scripts/static-server.mjs <site> <port>` serves), --by
 * <name> (recorded in the history, default the OS user).
 * Exits 0 when the release is live, 1 when it is refused (each mismatch named)
 * or cannot be done, 2 on a usage error.
 */
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deploy, rollback } from './deploy/commands.mjs';
import { REMOTE_NAMES } from './deploy/site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', ...REMOTE_NAMES];
const USAGE = `usage: npm run deploy -- <${REMOTE_NAMES.join('|')}> <build folder or URL> [--site <folder>] [--by <name>]
       npm run deploy -- shell <build folder>
       npm run deploy -- rollback <${APPS.join('|')}>`;

function usage(problem) {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

/** One line per outcome: what went live, or each mismatch that refused it. */
function report(entry) {
  const { action, app, release, check } = entry;
  const what = `${app} ${release.id}`;
  if (check.result === 'passed') {
    const checked = check.against.length ? `checked against ${check.against.join(', ')}` : 'nothing live to check against';
    process.stdout.write(`${action === 'rollback' ? 'rolled back to' : 'deployed'} ${what} (${checked})\n`);
    return;
  }
  const lines = check.mismatches.map(({ against, kind, message }) => `  ${kind} [${against}]: ${message}\n`);
  process.stderr.write(`refused: ${action} of ${what} does not fit what is live; nothing changed\n${lines.join('')}`);
  process.exitCode = 1;
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { site: { type: 'string' }, by: { type: 'string' } } });
  } catch (error) {
    return usage(error.message);
  }
})();
// npm runs scripts from the checkout's root: relative folders are the caller's (INIT_CWD).
const fromCaller = (location) => (/^https?:\/\//.test(location) ? location : path.resolve(process.env.INIT_CWD ?? process.cwd(), location));
const site = fromCaller(values.site ?? process.env.DEPLOY_SITE ?? path.join(root, '.site'));
const by = values.by ?? userInfo().username;
const [first, second] = positionals;
if (positionals.length !== 2) usage('expected two arguments');

try {
  if (first === 'rollback') {
    if (!APPS.includes(second)) usage(`unknown app "${second}"`);
    report(await rollback({ site, app: second, by }));
  } else {
    if (!APPS.includes(first)) usage(`unknown app "${first}"`);
    report(await deploy({ site, app: first, source: fromCaller(second), by }));
  }
} catch (error) {
  process.stderr.write(`deploy failed: ${error.message}\n`);
  process.exitCode = 1;
}
