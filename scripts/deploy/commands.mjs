/**
 * Deploy, canary, promote and rollback: each checks the release against what
 * is live with the one compatibility reader (scripts/check-remote.mjs, which
 * uses shared-ui/build/shared-contract.mjs) — a remote against the live shell,
 * a shell against every remote release browsers may load —, puts it live only
 * when nothing mismatches, and records the attempt in the history either way.
 */
import { checkRemote } from '../check-remote.mjs';
import { appendHistory, liveStack, readHistory } from './history.mjs';
import { canaryOf, releasesInUse, withCanary, withoutCanary, withRelease } from './remotes-file.mjs';
import { assertSite, describeBuild, hasShell, installShell, keepRelease, liveRemotes, manifestUrlOf, releaseFolder, remoteLocation, writeRemotes } from './site.mjs';

const isUrl = (location) => /^https?:\/\//.test(location);

/** Each mismatch of putting `app`'s build at `location` live, named with what it was checked against. */
async function mismatchesOf(site, app, location) {
  if (app !== 'shell') {
    if (!hasShell(site)) throw new Error(`no shell is live in ${site}: deploy one first (npm run deploy -- shell <folder>)`);
    const shell = liveStack(readHistory(site), 'shell').at(-1);
    const against = `the live shell${shell ? ` ${shell.id}` : ''}`;
    return { against: [against], mismatches: (await checkRemote(location, site)).map((mismatch) => ({ against, ...mismatch })) };
  }
  const inUse = releasesInUse(liveRemotes(site));
  const found = await Promise.all(inUse.map(async ({ label, manifest }) => (await checkRemote(remoteLocation(site, manifest), location)).map((mismatch) => ({ against: label, ...mismatch }))));
  return { against: inUse.map(({ label }) => label), mismatches: found.flat() };
}

/** Puts `release` live: a shell's files, or a remote's files kept in the site and remotes.json changed by `change`. */
async function putLive(site, release, change) {
  if (release.app === 'shell') {
    await installShell(site, keepRelease(site, release));
    return;
  }
  if (!isUrl(release.source)) keepRelease(site, release);
  await writeRemotes(site, change(liveRemotes(site)));
}

function record(site, entry) {
  const recorded = { at: new Date().toISOString(), ...entry };
  appendHistory(site, recorded);
  return recorded;
}

/** Checks `release` (read at `location`), puts it live when it fits, and records the attempt. Resolves with the history entry. */
async function attempt({ site, action, release, location, by, change = (remotes) => withRelease(remotes, release), extra = {} }) {
  const { against, mismatches } = await mismatchesOf(site, release.app, location);
  const result = mismatches.length ? 'refused' : 'passed';
  if (result === 'passed') await putLive(site, release, change);
  return record(site, { by, action, app: release.app, release, ...extra, check: { result, against, mismatches } });
}

/**
 * `npm run deploy -- <app> <build folder or URL> [--canary <percent>]`: live
 * for every browser, or with `canaryShare` (0 to 1) for that share of them.
 */
export async function deploy({ site, app, source, by, canaryShare = null }) {
  assertSite(site);
  const described = await describeBuild(app, source);
  if (app === 'shell' && isUrl(described.source)) throw new Error('a shell is deployed from its build folder, not a URL');
  if (app === 'shell' && canaryShare !== null) throw new Error('only a remote can be a canary');
  const release = app === 'shell' ? described : { ...described, manifest: manifestUrlOf(described) };
  if (canaryShare === null) return attempt({ site, action: 'deploy', release, location: release.source, by });
  return attempt({ site, action: 'canary', release, location: release.source, by, change: (remotes) => withCanary(remotes, release, canaryShare), extra: { share: canaryShare } });
}

/** The release of `app`'s live canary, from the history entry that started it. */
function liveCanary(site, app) {
  const canary = canaryOf(liveRemotes(site), app);
  if (!canary) return null;
  const started = readHistory(site).findLast((entry) => entry.action === 'canary' && entry.app === app && entry.check.result === 'passed' && entry.release.id === canary.version);
  return { ...canary, release: started?.release ?? { app, id: canary.version, manifest: canary.manifest, source: canary.manifest } };
}

/** `npm run deploy -- promote <remote>`: the canary becomes the release every browser gets (checked again against the live shell). */
export async function promote({ site, app, by }) {
  const canary = liveCanary(site, app);
  if (!canary) throw new Error(`${app} has no canary live in ${site}`);
  return attempt({ site, action: 'promote', release: canary.release, location: remoteLocation(site, canary.manifest), by });
}

/** Ends `app`'s canary: every browser gets the live release again (nothing to check: it is live already). */
export async function endCanary({ site, app, by, reason, counts = null }) {
  const canary = liveCanary(site, app);
  if (!canary) throw new Error(`${app} has no canary live in ${site}`);
  await writeRemotes(site, withoutCanary(liveRemotes(site), app));
  return record(site, { by, action: 'canary-rollback', app, release: canary.release, reason, counts, check: { result: 'passed', against: [], mismatches: [] } });
}

/**
 * `npm run deploy -- rollback <app>`: a remote's live canary ends; otherwise
 * back to the release that was live before the live one.
 */
export async function rollback({ site, app, by }) {
  if (app !== 'shell' && canaryOf(liveRemotes(site), app)) return endCanary({ site, app, by, reason: 'rolled back by hand' });
  const stack = liveStack(readHistory(site), app);
  const previous = stack.at(-2);
  if (!previous) throw new Error(`${app} has no earlier release in ${site}'s history to roll back to`);
  const location = app === 'shell' ? releaseFolder(site, previous) : remoteLocation(site, previous.manifest);
  return attempt({ site, action: 'rollback', release: previous, location, by });
}
