/**
 * The first script of a remote's standalone page. Remotes are built with
 * `experiments.externalRuntime`: their code uses the federation runtime the
 * shell provides (provideExternalRuntime) instead of carrying a second copy.
 * Alone, a remote's page has no shell, so this entry provides the runtime the
 * way the shell's plugin does (@module-federation/inject-external-runtime-core-plugin).
 * The specifier is an alias to the runtime's own file (federation.mjs), so the
 * externals rule for '@module-federation/runtime-core' does not catch it.
 */
import * as runtimeCore from 'standalone-federation-runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
