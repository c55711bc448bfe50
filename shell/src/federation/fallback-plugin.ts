import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module the runtime hands back when a remote cannot be loaded. */
export const REMOTE_UNAVAILABLE = '__remoteUnavailable';

export interface UnavailableRemoteModule {
  [REMOTE_UNAVAILABLE]: { id: string; reason: string };
}

/**
 * Runtime plugin: when a remote's manifest, entry or module fails to load, the
 * runtime resolves to a marker module instead of failing the whole page; the
 * remote slot shows the fallback with Retry.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[shell] remote ${id} failed to load during ${lifecycle}: ${reason}`);
      const unavailable: UnavailableRemoteModule = { [REMOTE_UNAVAILABLE]: { id, reason } };
      return unavailable;
    },
  };
}
