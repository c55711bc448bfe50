/**
 * What the shell reads from a remote's mf-manifest.json (the file remotes.json
 * points at): where its remoteEntry.js is, and the files of its exposed
 * modules. The page's inline script reads it to preload the first page's
 * remote (early/preload-remote.ts); the registry reads it to register the
 * remote by its entry (remote-registry.ts).
 */
export interface RemoteManifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
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
