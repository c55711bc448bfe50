/**
 * The site's deploy history (deploy-history.json beside remotes.json): one
 * entry per deploy, rollback or refusal, oldest first —
 *
 *   { at, by, action: 'deploy' | 'rollback' | 'canary' | 'promote' | 'canary-rollback', app,
 *     release: { app, id, version, builtAt, source, manifest? },
 *     share?,                      // a canary's share of browsers (0 to 1)
 *     reason?, counts?,            // why a canary was rolled back, and the counts the watch read
 *     check: { result: 'passed' | 'refused', against: [what it was checked with], mismatches: [{ against, kind, message }] } }
 *
 * What is live, and what a rollback returns to, is read from it alone: each
 * passed deploy puts its release on top of the app's stack, each passed
 * rollback takes the top one off.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HISTORY_FILE, writeWhole } from './site.mjs';

export function readHistory(site) {
  const file = path.join(site, HISTORY_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

export function appendHistory(site, entry) {
  writeWhole([[path.join(site, HISTORY_FILE), `${JSON.stringify([...readHistory(site), entry], null, 2)}\n`]]);
}

/**
 * The releases of `app` that went live for every browser (deployed, or a
 * canary promoted) and were not rolled back, oldest first: the last is the
 * live one. Canaries started or ended change nothing here.
 */
export function liveStack(history, app) {
  const stack = [];
  for (const entry of history) {
    if (entry.app !== app || entry.check.result !== 'passed') continue;
    if (entry.action === 'deploy' || entry.action === 'promote') stack.push(entry.release);
    else if (entry.action === 'rollback') stack.pop();
  }
  return stack;
}
