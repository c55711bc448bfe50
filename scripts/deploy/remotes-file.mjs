/**
 * remotes.json as the deploy command writes it: each remote's manifest URL
 * (what every shell reads), and what this shell's registry also reads
 * (shell/src/federation/canary.ts) — each remote's release id, and canaries:
 *
 *   { "customer": "<manifest URL>", "admin": …, "debug": …,
 *     "versions": { "customer": "<release id>", … },
 *     "canary": { "customer": { "manifest": "<manifest URL>", "version": "<release id>", "share": 0.1 } } }
 *
 * Pure functions from one content to the next.
 */

export const REMOTE_NAMES = ['customer', 'admin', 'debug'];

/** `release` live for every browser (a deploy, a rollback, a promoted canary): its canary, if any, ends. */
export function withRelease(remotes, release) {
  const next = withoutCanary(remotes, release.app);
  return { ...next, [release.app]: release.manifest, versions: { ...next.versions, [release.app]: release.id } };
}

/** `release` for a `share` (0 to 1) of browsers, the live release for the others. */
export function withCanary(remotes, release, share) {
  return { ...remotes, canary: { ...remotes.canary, [release.app]: { manifest: release.manifest, version: release.id, share } } };
}

export function withoutCanary(remotes, app) {
  const { [app]: _ended, ...others } = remotes.canary ?? {};
  const { canary: _all, ...rest } = remotes;
  return Object.keys(others).length ? { ...rest, canary: others } : rest;
}

export function canaryOf(remotes, app) {
  return remotes.canary?.[app] ?? null;
}

/** Every remote release some browser may load now, named for messages: each remote's, and each canary. */
export function releasesInUse(remotes) {
  const live = REMOTE_NAMES.filter((name) => typeof remotes[name] === 'string').map((name) => ({ label: `${name} (${remotes[name]})`, manifest: remotes[name] }));
  const canaries = Object.entries(remotes.canary ?? {}).map(([name, { manifest }]) => ({ label: `${name} canary (${manifest})`, manifest }));
  return [...live, ...canaries];
}
