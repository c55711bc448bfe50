import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyResponse } from '../early/responses';

/** Runtime plugin: the federation runtime takes a manifest the page's inline script already fetched (early/preload-remote.ts) instead of fetching it again. */
export default function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'early-manifest',
    fetch(url) {
      return takeEarlyResponse(url);
    },
  };
}
