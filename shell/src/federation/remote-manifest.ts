import type { Contract } from 'shared-ui/shared-contract';

/**
 * What the shell reads from a remote's mf-manifest.json (the file remotes.json
 * points at): where its remoteEntry.js is, and the files of its exposed
 * modules, and what it needs from the shell's shared libraries. The page's
 * inline script reads it to preload the first page's remote
 * (early/preload-remote.ts); the registry reads it to check the remote against
 * this shell and register it by its entry (remote-registry.ts).
 */
export interface RemoteManifest {
  /** contract: what the remote needs of the shell (shared-ui/build/shared-contract.mjs); sharedImports: release 0's part of it. */
  metaData: { publicPath: string; remoteEntry: { name: string; path: string }; contract?: Contract; sharedImports?: Record<string, string[]> };
  /** The shared libraries the remote's build has, with their versions and the ranges it accepts. */
  shared?: { name: string; version: string; requiredVersion: string }[];
  exposes: { assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[];
}

/** The base URL the manifest's files are relative to: its publicPath, or the manifest's own folder when that is 'auto'. */
export function manifestBase(manifest: RemoteManifest, manifestUrl: string): URL {
  const { publicPath } = manifest.metaData;
  return new URL(publicPath === 'auto' ? '.' : publicPath, new URL(manifestUrl, window.location.href));
}

/** The absolute URL of the remote's remoteEntry.js. */
export function remoteEntryUrl(manifest: RemoteManifest, manifestUrl: string): string {
  const { name, path } = manifest.metaData.remoteEntry;
  return new URL(path ? `${path}/${name}` : name, manifestBase(manifest, manifestUrl)).href;
}
