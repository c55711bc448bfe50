/**
 * `npm run deploy -- watch <remote>`: reads the booking service's counts of
 * what the shells reported (GET /api/remote-events) every `intervalSeconds`,
 * and rolls the remote's canary back by itself once its failure rate
 * (failures / loads: load-failed plus render-failed, over loaded plus
 * load-failed) reaches `threshold` over at least `minLoads` loads. It stops
 * when it has rolled the canary back, when the canary is no longer live
 * (promoted or ended by hand), or after `timeoutSeconds` with a healthy canary.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { endCanary } from './commands.mjs';
import { canaryOf } from './remotes-file.mjs';
import { liveRemotes } from './site.mjs';

/** The documented defaults (docs/platform/canaries.md): a fifth of loads failing, once 20 loads were seen. */
export const WATCH_DEFAULTS = { threshold: 0.2, minLoads: 20, intervalSeconds: 15, timeoutSeconds: 1800 };

/** The booking service the site's shells report to: app-config.json's apiBaseUrl. */
export function serviceOf(site) {
  return JSON.parse(readFileSync(path.join(site, 'app-config.json'), 'utf8')).apiBaseUrl;
}

async function countsOf(service, app, version) {
  const response = await fetch(`${service.replace(/\/$/, '')}/api/remote-events`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${service}/api/remote-events answered ${response.status}`);
  const { versions } = await response.json();
  return versions.find((entry) => entry.remote === app && entry.version === version) ?? { remote: app, version, loads: 0, failures: 0 };
}

/** Whether the counts pass the threshold: never before `minLoads` loads. */
export function isFailing({ loads, failures }, { threshold, minLoads }) {
  return loads >= minLoads && failures / loads >= threshold;
}

/** Resolves with `{ outcome: 'rolled-back' | 'ended' | 'healthy', counts, entry? }`. */
export async function watchCanary({ site, app, by, service = serviceOf(site), log = () => {}, ...options }) {
  const { threshold, minLoads, intervalSeconds, timeoutSeconds } = { ...WATCH_DEFAULTS, ...options };
  const deadline = Date.now() + timeoutSeconds * 1000;
  let counts = null;
  for (;;) {
    const canary = canaryOf(liveRemotes(site), app);
    if (!canary) return { outcome: 'ended', counts };
    counts = await countsOf(service, app, canary.version);
    log(`${app} canary ${canary.version}: ${counts.failures} failures in ${counts.loads} loads`);
    if (isFailing(counts, { threshold, minLoads })) {
      const rate = counts.failures / counts.loads;
      const reason = `failure rate ${rate.toFixed(2)} (${counts.failures} of ${counts.loads} loads) reached the threshold ${threshold}`;
      return { outcome: 'rolled-back', counts, entry: await endCanary({ site, app, by, reason, counts }) };
    }
    if (Date.now() >= deadline) return { outcome: 'healthy', counts };
    await sleep(intervalSeconds * 1000);
  }
}
