import { missingExports, sharedImportsOf, type SharedExports } from 'shared-ui/shared-contract';
import type { RemoteManifest } from './remote-manifest';

/**
 * The run-time half of the shared-library contract (see shared-ui/build/tree-shaken-imports.mjs):
 * before rendering a remote, the shell compares what the remote's build says it
 * needs (in its manifest, metaData.sharedImports) with what this shell's
 * tree-shaken libraries provide, so a remote built for a newer shell shows a
 * clear fallback instead of breaking while rendering.
 */

/** What this shell's build provides: its TREE_SHAKEN_EXPORTS, inlined by rspack.config.mjs. */
declare const __SHELL_SHARED_EXPORTS__: SharedExports | undefined;
export const SHELL_SHARED_EXPORTS: SharedExports = typeof __SHELL_SHARED_EXPORTS__ === 'undefined' ? {} : __SHELL_SHARED_EXPORTS__;

/**
 * What the remote with this manifest needs and this shell lacks. A remote that
 * publishes no list (built before the contract) is taken as it is: the check
 * can only refuse what it knows about.
 */
export function missingForRemote(manifest: RemoteManifest, provided = SHELL_SHARED_EXPORTS): string[] {
  return missingExports(sharedImportsOf(manifest), provided);
}
