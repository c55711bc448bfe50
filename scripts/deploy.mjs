#!/usr/bin/env node
/**
 * The deploy command (docs/platform/deploy.md):
 *
 *   npm run deploy -- <customer|admin|debug> <build folder or URL>   a remote, checked against the live shell
 *   npm run deploy -- <remote> <build> --canary <percent>             the same, for that share of browsers only
 *   npm run deploy -- shell <build folder>                           the shell, checked against every live remote
 *   npm run deploy -- rollback <shell|customer|admin|debug>          back to the release live before (a live canary: ended)
 *   npm run deploy -- promote <remote>                               the canary for every browser
 *   npm run deploy -- watch <remote>                                 rolls the canary back once it fails too often
 *
 * Options: --site <folder> (the live site, default $DEPLOY_SITE or .site/ in the
 * checkout: what `node scripts/static-server.mjs <site> <port>` serves), --by
 * <name> (recorded in the history, default the OS user); for watch
 * --threshold, --min-loads, --interval and --timeout (seconds), --service <URL>.
 * Exits 0 when done, 1 when refused (each mismatch named), when it cannot be
 * done, or when watch rolled the canary back; 2 on a usage error.
 */
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deploy, promote, rollback } from './deploy/commands.mjs';
import { REMOTE_NAMES } from './deploy/remotes-file.mjs';
import { watchCanary, WATCH_DEFAULTS } from './deploy/watch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', ...REMOTE_NAMES];
const USAGE = `usage: npm run deploy -- <${REMOTE_NAMES.join('|')}> <build folder or URL> [--canary <percent>] [--site <folder>] [--by <name>]
       npm run deploy -- shell <build folder>
       npm run deploy -- rollback <${APPS.join('|')}>
       npm run deploy -- promote <${REMOTE_NAMES.join('|')}>
       npm run deploy -- watch <${REMOTE_NAMES.join('|')}> [--threshold ${WATCH_DEFAULTS.threshold}] [--min-loads ${WATCH_DEFAULTS.minLoads}] [--interval ${WATCH_DEFAULTS.intervalSeconds}] [--timeout ${WATCH_DEFAULTS.timeoutSeconds}] [--service <URL>]`;

function usage(problem) {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

const PAST = { deploy: 'deployed', rollback: 'rolled back to', canary: 'started a canary of', promote: 'promoted the canary', 'canary-rollback': 'rolled back the canary' };

/** One line per outcome: what went live, or each mismatch that refused it. */
function report(entry) {
  const { action, app, release, check } = entry;
  const what = `${app} ${release.id}${entry.share ? ` for ${Math.round(entry.share * 100)} % of browsers` : ''}`;
  if (check.result === 'passed') {
    const why = entry.reason ? `: ${entry.reason}` : check.against.length ? ` (checked against ${check.against.join(', ')})` : ' (nothing live to check against)';
    process.stdout.write(`${PAST[action]} ${what}${why}\n`);
    return;
  }
  const lines = check.mismatches.map(({ against, kind, message }) => `  ${kind} [${against}]: ${message}\n`);
  process.stderr.write(`refused: ${action} of ${what} does not fit what is live; nothing changed\n${lines.join('')}`);
  process.exitCode = 1;
}

function number(text, name, { min, max = Infinity }) {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value >= min && value <= max)) usage(`--${name} must be a number from ${min}${max === Infinity ? '' : ` to ${max}`}`);
  return value;
}

const options = Object.fromEntries(['site', 'by', 'canary', 'threshold', 'min-loads', 'interval', 'timeout', 'service'].map((name) => [name, { type: 'string' }]));
const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options });
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
const remoteOnly = ['promote', 'watch'].includes(first);
if (['rollback', 'promote', 'watch'].includes(first) && !(remoteOnly ? REMOTE_NAMES : APPS).includes(second)) usage(`cannot ${first} "${second}"`);

try {
  if (first === 'rollback') report(await rollback({ site, app: second, by }));
  else if (first === 'promote') report(await promote({ site, app: second, by }));
  else if (first === 'watch') {
    const watched = await watchCanary({
      site,
      app: second,
      by,
      ...(values.service && { service: values.service }),
      threshold: number(values.threshold, 'threshold', { min: 0, max: 1 }) ?? WATCH_DEFAULTS.threshold,
      minLoads: number(values['min-loads'], 'min-loads', { min: 1 }) ?? WATCH_DEFAULTS.minLoads,
      intervalSeconds: number(values.interval, 'interval', { min: 0.1 }) ?? WATCH_DEFAULTS.intervalSeconds,
      timeoutSeconds: number(values.timeout, 'timeout', { min: 0 }) ?? WATCH_DEFAULTS.timeoutSeconds,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (watched.outcome === 'rolled-back') {
      report(watched.entry);
      process.exitCode = 1;
    } else {
      process.stdout.write(watched.outcome === 'ended' ? `${second} has no canary live (promoted or ended)\n` : `${second}'s canary stayed under the threshold\n`);
    }
  } else {
    if (!APPS.includes(first)) usage(`unknown app "${first}"`);
    const percent = number(values.canary, 'canary', { min: 1, max: 99 });
    report(await deploy({ site, app: first, source: fromCaller(second), by, canaryShare: percent === undefined ? null : percent / 100 }));
  }
} catch (error) {
  process.stderr.write(`deploy failed: ${error.message}\n`);
  process.exitCode = 1;
}
