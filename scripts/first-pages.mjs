/**
 * The first-page tables of the live remotes, for the shell's page: each remote
 * may publish, in its mf-manifest.json's metaData.firstPages, the API reads,
 * largest image and page chunk of its pages (customer-mfe
 * src/exposes/first-pages.json; shared-ui/federation.mjs writes it). Whoever
 * inlines the shell's run-time config inlines these too
 * (inline-runtime-config.mjs), so the shell's early script starts those reads
 * with no round trip and without knowing any remote's pages
 * (shell/src/early/first-page-data.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { releasesInUse } from './deploy/remotes-file.mjs';

/** The URL path the tables are inlined under (`<script type="application/json" data-runtime-config="/first-pages.json">`). */
export const FIRST_PAGES_URL = '/first-pages.json';

/** A manifest's wait at most: a remote that does not answer only loses its early reads, not the page. */
const MANIFEST_TIMEOUT_MS = 3000;

/**
 * Reads a manifest named in remotes.json: a URL over the network, a site
 * path (/releases/…, as the deploy command writes them) from the `site`
 * folder. Resolves with its text, or null when it cannot be read.
 */
export function manifestReader(site) {
  return async (manifestUrl) => {
    try {
      if (/^https?:\/\//.test(manifestUrl)) {
        const response = await fetch(manifestUrl, { cache: 'no-store', signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
        return response.ok ? await response.text() : null;
      }
      return await readFile(path.join(site, decodeURIComponent(new URL(manifestUrl, 'http://site').pathname)), 'utf8');
    } catch {
      return null;
    }
  };
}

/**
 * JSON text of the first-page tables the remote releases named by `remotes`
 * (remotes.json's content: each remote and each canary) publish, keyed by
 * manifest URL as remotes.json names it. A release that publishes none (older
 * builds) or cannot be read is left out: its pages load, only without early reads.
 */
export async function firstPagesJson(remotes, readManifest) {
  const manifests = releasesInUse(remotes).map(({ manifest }) => manifest);
  const tables = await Promise.all(manifests.map(async (manifestUrl) => publishedFirstPages(await readManifest(manifestUrl))));
  return JSON.stringify(Object.fromEntries(manifests.map((manifestUrl, index) => [manifestUrl, tables[index]]).filter(([, table]) => table)));
}

/** metaData.firstPages of a manifest's text; null when it has none or is not JSON. */
function publishedFirstPages(manifestText) {
  try {
    const firstPages = manifestText && JSON.parse(manifestText).metaData?.firstPages;
    return Array.isArray(firstPages) ? firstPages : null;
  } catch {
    return null;
  }
}
