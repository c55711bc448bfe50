import { missingExports, SHARED_IMPORTS_FILE, type SharedExports } from 'shared-ui/shared-contract';
import { takeEarlyResponse } from '../early/responses';

/**
 * The run-time half of the shared-library contract (see shared-ui/build/tree-shaken-imports.mjs):
 * before rendering a remote, the shell compares what the remote's build says it
 * needs (shared-imports.json beside its manifest) with what this shell's
 * tree-shaken libraries provide, so a remote built for a newer shell shows a
 * clear fallback instead of breaking while rendering.
 */

/** What this shell's build provides: its TREE_SHAKEN_EXPORTS, inlined by rspack.config.mjs. */
declare const __SHELL_SHARED_EXPORTS__: SharedExports | undefined;
export const SHELL_SHARED_EXPORTS: SharedExports = typeof __SHELL_SHARED_EXPORTS__ === 'undefined' ? {} : __SHELL_SHARED_EXPORTS__;

/**
 * What the remote whose manifest is at `manifestUrl` needs and this shell lacks.
 * A remote that publishes no list (built before the contract) is taken as it
 * is: the check can only refuse what it knows about.
 */
export async function missingForRemote(manifestUrl: string, provided = SHELL_SHARED_EXPORTS, fetchFn: typeof fetch = fetch): Promise<string[]> {
  try {
    const url = new URL(SHARED_IMPORTS_FILE, new URL(manifestUrl, window.location.href)).href;
    // The first page's remote: the page's inline script asked for it already (early/preload-remote.ts).
    const response = await (takeEarlyResponse(url) ?? fetchFn(url, { cache: 'no-cache' }));
    if (!response.ok) return [];
    return missingExports((await response.json()) as SharedExports, provided);
  } catch {
    return [];
  }
}
