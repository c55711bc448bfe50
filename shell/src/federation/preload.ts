import { fetchEarly } from '../early-responses';
import { remoteForPath } from './path-spaces';
import type { RemoteName } from './remote-registry';

/**
 * Cuts the first page's waterfall: the shell's entry calls preloadActiveRemote
 * before its own chunks and the shared libraries have arrived, so the active
 * remote's manifest, its remoteEntry.js and the exposed module's files
 * download in parallel with them instead of after them. /remotes.json comes
 * inline in the page (or is fetched at once when it is not). The registry and
 * the federation runtime then take the responses already fetched
 * (early-responses.ts).
 */
interface Manifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

function hint(href: string, as: 'script' | 'style') {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.appendChild(link);
}

/** Preloads what the remote serving `pathname` needs to render. Best effort: any failure is left to the normal path. */
export async function preloadActiveRemote(pathname: string, remotesConfig: Promise<unknown>): Promise<void> {
  try {
    const remotes = (await remotesConfig) as Partial<Record<RemoteName, string>>;
    const manifestUrl = remotes[remoteForPath(pathname)];
    if (!manifestUrl) return;
    const manifest = (await (await fetchEarly(manifestUrl)).json()) as Manifest;
    const base = new URL(manifest.metaData.publicPath === 'auto' ? '.' : manifest.metaData.publicPath, new URL(manifestUrl, window.location.href));
    const { name, path } = manifest.metaData.remoteEntry;
    hint(new URL(path ? `${path}/${name}` : name, base).href, 'script');
    for (const { assets } of manifest.exposes) {
      for (const file of assets.js.sync) hint(new URL(file, base).href, 'script');
      for (const file of assets.css.sync) hint(new URL(file, base).href, 'style');
    }
  } catch (error) {
    console.warn('[shell] preloading the first page failed; it loads without', error);
  }
}
