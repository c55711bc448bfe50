import { getInstance } from '@module-federation/enhanced/runtime';
import * as sharedUi from 'shared-ui';
import { API_CLIENT_EXPORTS, CONTRACT_VERSION, contractMismatches, remoteContractOf, type Contract, type Mismatch } from 'shared-ui/shared-contract';
import type { RemoteManifest } from './remote-manifest';

/**
 * The run-time half of the compatibility contract (shared-ui/build/shared-contract.mjs):
 * before registering a remote, the shell compares the contract the remote's
 * build publishes in its manifest with its own, so a remote that does not fit
 * shows a clear fallback, naming why, instead of breaking while rendering.
 */

/** The bundler's runtime: the exports the shell's tree-shaken shared libraries were built with (production builds only). */
declare const __webpack_require__: { federation?: { usedExports?: Record<string, string[]> } } | undefined;

type Runtime = { name: string; version: string; options: { shared: Record<string, { version: string; from: string }[]> } };

/**
 * This shell's contract, read from what the page runs rather than carried as
 * a copy (no bytes added to the first visit): the federation runtime's
 * version, the singletons this shell registered, the exports its tree-shaken
 * libraries were built with, the exports of its shared-ui and the members of
 * its API client (release 0's remotes call them). Null in
 * development, whose builds share whole libraries and publish no contract.
 */
export function shellContract(runtime = getInstance() as Runtime | undefined): Contract | null {
  const usedExports = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__.federation?.usedExports;
  if (!runtime || !usedExports) return null;
  const singletons: Contract['singletons'] = {};
  for (const [name, versions] of Object.entries(runtime.options.shared)) {
    const own = versions.find(({ from }) => from === runtime.name);
    if (own) singletons[name] = { version: own.version };
  }
  return {
    version: CONTRACT_VERSION,
    federationRuntime: { major: Number(runtime.version.split('.')[0]), provides: true, external: false, needsProvided: false },
    singletons,
    treeShakenExports: { provides: usedExports },
    sharedUiExports: { provides: Object.keys(sharedUi) },
    sharedUiMembers: { provides: Object.fromEntries(API_CLIENT_EXPORTS.map((name) => [name, Object.keys(sharedUi.createApi(''))])) },
  };
}

/** Why the remote with this manifest cannot run under this shell (empty when it can). */
export function remoteMismatches(manifest: RemoteManifest, shell = shellContract()): Mismatch[] {
  return shell ? contractMismatches(remoteContractOf(manifest), shell) : [];
}
