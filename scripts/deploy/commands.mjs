/**
 * Deploy and rollback: each checks the release against what is live with the
 * one compatibility reader (scripts/check-remote.mjs, which uses
 * shared-ui/build/shared-contract.mjs) — a remote against the live shell, a
 * shell against every live remote —, puts it live only when nothing
 * mismatches, and records the attempt in the history either way.
 */
import { checkRemote } from '../check-remote.mjs';
import { appendHistory, liveStack, readHistory } from './history.mjs';
import { describeBuild, hasShell, installShell, keepRelease, liveRemotes, manifestUrlOf, releaseFolder, remoteLocation, writeRemotes } from './site.mjs';

/** Each mismatch of putting `app`'s build at `location` live, named with what it was checked against. */
async function mismatchesOf(site, app, location) {
  if (app !== 'shell') {
    if (!hasShell(site)) throw new Error(`no shell is live in ${site}: deploy one first (npm run deploy -- shell <folder>)`);
    const shell = liveStack(readHistory(site), 'shell').at(-1);
    const against = `the live shell${shell ? ` ${shell.id}` : ''}`;
    return { against: [against], mismatches: (await checkRemote(location, site)).map((mismatch) => ({ against, ...mismatch })) };
  }
  const remotes = Object.entries(liveRemotes(site));
  const found = await Promise.all(remotes.map(async ([name, manifestUrl]) => {
    const against = `${name} (${manifestUrl})`;
    return (await checkRemote(remoteLocation(site, manifestUrl), location)).map((mismatch) => ({ against, ...mismatch }));
  }));
  return { against: remotes.map(([name, manifestUrl]) => `${name} (${manifestUrl})`), mismatches: found.flat() };
}

function goLive(site, release) {
  if (release.app === 'shell') {
    installShell(site, keepRelease(site, release));
    return;
  }
  if (!/^https?:\/\//.test(release.source)) keepRelease(site, release);
  writeRemotes(site, { ...liveRemotes(site), [release.app]: release.manifest });
}

/** Checks `release` (read at `location`), puts it live when it fits, and records the attempt. Resolves with the history entry. */
async function attempt({ site, action, release, location, by }) {
  const { against, mismatches } = await mismatchesOf(site, release.app, location);
  const result = mismatches.length ? 'refused' : 'passed';
  if (result === 'passed') goLive(site, release);
  const entry = { at: new Date().toISOString(), by, action, app: release.app, release, check: { result, against, mismatches } };
  appendHistory(site, entry);
  return entry;
}

/** `npm run deploy -- <app> <build folder or URL>`. */
export async function deploy({ site, app, source, by }) {
  const described = await describeBuild(app, source);
  if (app === 'shell' && /^https?:\/\//.test(described.source)) throw new Error('a shell is deployed from its build folder, not a URL');
  const release = app === 'shell' ? described : { ...described, manifest: manifestUrlOf(described) };
  return attempt({ site, action: 'deploy', release, location: release.source, by });
}

/** `npm run deploy -- rollback <app>`: back to the release that was live before the live one. */
export async function rollback({ site, app, by }) {
  const stack = liveStack(readHistory(site), app);
  const previous = stack.at(-2);
  if (!previous) throw new Error(`${app} has no earlier release in ${site}'s history to roll back to`);
  const location = app === 'shell' ? releaseFolder(site, previous) : remoteLocation(site, previous.manifest);
  return attempt({ site, action: 'rollback', release: previous, location, by });
}
