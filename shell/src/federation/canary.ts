/**
 * Canaries: remotes.json may name, beside a remote's manifest, a second
 * release for a share of browsers (written by `npm run deploy -- <remote>
 * <build> --canary <percent>`; shells before this one ignore the keys):
 *
 *   { "customer": "<manifest>", …, "versions": { "customer": "<release id>", … },
 *     "canary": { "customer": { "manifest": "<manifest>", "version": "<release id>", "share": 0.1 } } }
 *
 * Each browser draws its place once and keeps it, so it stays on the release it got.
 */

interface RemotesFile {
  versions?: Record<string, string>;
  canary?: Record<string, { manifest: string; version: string; share: number }>;
}

const BUCKET_KEY = 'remote-canary-bucket';

/** This browser's place in [0, 1), kept in localStorage; without storage it is never in a canary. */
export function canaryBucket(): number {
  try {
    const kept = Number(localStorage.getItem(BUCKET_KEY) ?? NaN);
    if (kept >= 0 && kept < 1) return kept;
    const drawn = Math.random();
    localStorage.setItem(BUCKET_KEY, String(drawn));
    return drawn;
  } catch {
    return 1;
  }
}

/** The manifest URL and release id of remote `name` that this browser loads: the canary's when its place is within the share. */
export function releaseFor(config: unknown, name: string): { manifest: unknown; version: string } {
  const file = (config && typeof config === 'object' ? config : {}) as RemotesFile & Record<string, unknown>;
  const canary = file.canary?.[name];
  if (canary && canaryBucket() < canary.share) return { manifest: canary.manifest, version: canary.version };
  return { manifest: file[name], version: file.versions?.[name] ?? 'unknown' };
}
