import { manifestBase, remoteEntryUrl, type RemoteManifest } from '../federation/remote-manifest';
import type { firstPageOf } from './first-page-data';
import { fetchEarly } from './responses';

/**
 * Cuts the first page's waterfall: the page's inline script (early/index.ts)
 * calls preloadActiveRemote while the shell's own scripts download, so the
 * active remote's manifest, its remoteEntry.js and the exposed module's files
 * download in parallel with them instead of after them.
 * /remotes.json comes inline in the page (or is fetched at once when it is
 * not). The registry then takes the manifest already fetched (responses.ts).
 */
function hint(href: string, as: 'script' | 'style') {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.appendChild(link);
}

/** Preloads what the active remote (its manifest at `activeManifest`) needs to render the first page. Best effort: any failure is left to the normal path. */
export async function preloadActiveRemote(activeManifest: Promise<unknown>, firstPage: Promise<ReturnType<typeof firstPageOf>>): Promise<void> {
  try {
    const manifestUrl = await activeManifest;
    if (typeof manifestUrl !== 'string') return;
    const manifestResponse = fetchEarly(manifestUrl);
    // A copy: the registry takes the response itself, to register the remote by its entry.
    const manifest = (await (await manifestResponse).json()) as RemoteManifest;
    const base = manifestBase(manifest, manifestUrl);
    hint(remoteEntryUrl(manifest, manifestUrl), 'script');
    // The page's own lazily loaded chunk, found by its name in the manifest's list (static/<name>.<hash>.js).
    const pageChunk = (await firstPage)?.page.pageChunk;
    const isPageChunk = (file: string) => pageChunk !== undefined && file.split('/').pop()!.startsWith(`${pageChunk}.`);
    for (const { assets } of manifest.exposes) {
      for (const file of [...assets.js.sync, ...assets.js.async.filter(isPageChunk)]) hint(new URL(file, base).href, 'script');
      for (const file of [...assets.css.sync, ...assets.css.async.filter(isPageChunk)]) hint(new URL(file, base).href, 'style');
    }
  } catch (error) {
    console.warn('[shell] preloading the first page failed; it loads without', error);
  }
}
