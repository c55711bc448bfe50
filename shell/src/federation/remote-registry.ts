import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteNavigation, RemoteNavigationModule, RemoteRoutesModule } from 'shared-ui';
import { REMOTE_UNAVAILABLE, type UnavailableRemoteModule } from './fallback-plugin';
import { remoteEntryUrl, type RemoteManifest } from './remote-manifest';
import { takeEarlyResponse } from '../early/responses';
import { releaseFor } from './canary';
import { reportRemoteEvent } from './load-beacon';
import { withRetries } from './retry';
import { remoteMismatches } from './shared-contract';

export const REMOTE_NAMES = ['customer', 'admin', 'debug'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];


/** The release of each remote this browser loads: its manifest URL and release id (`unknown` when remotes.json does not say). */
export type RemoteEntries = Record<RemoteName, { manifest: string; version: string }>;

let entries: RemoteEntries | null = null;
type RegistrationFailure = Extract<LoadedRoutes, { ok: false }>;
/**
 * Each remote's registration with the runtime since its last failure, finished or under way: the routes and the
 * account menu's links load a staff remote at once, and two registrations would run its remoteEntry.js twice
 * (two copies of its modules, its entry downloaded twice).
 */
const registrations = new Map<RemoteName, Promise<RegistrationFailure | null>>();

/** The remotes.json a deployment serves: every remote's release for this browser (canary.ts), or an error that names what is wrong. */
export function parseRemotesConfig(config: unknown, url = '/remotes.json'): RemoteEntries {
  const releases = REMOTE_NAMES.map((name) => [name, releaseFor(config, name)] as const);
  const missing = releases.filter(([, { manifest }]) => typeof manifest !== 'string').map(([name]) => name);
  if (missing.length) throw new Error(`${url} has no entry for ${missing.join(', ')}`);
  return Object.fromEntries(releases) as RemoteEntries;
}

/** The release id of the remote this page loads, for its reports. */
export function remoteVersion(name: RemoteName): string {
  return entries?.[name].version ?? 'unknown';
}

/**
 * Reads /remotes.json (served beside the shell, absolute path so deep links
 * work; inline in the page or fetched early by the page's inline script,
 * early/responses.ts): every remote's manifest. Moving or rolling back a remote
 * is an edit of that file, not a shell build.
 */
export async function readRemotesConfig(url = '/remotes.json'): Promise<void> {
  entries = parseRemotesConfig(await readJson(url), url);
}

/** The JSON at `url`: the response the page's inline script fetched early (the first page's), else fetched now. */
async function readJson(url: string): Promise<unknown> {
  const response = await (takeEarlyResponse(url) ?? fetch(url, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
  return response.json();
}

/** Forgets a remote's loaded (or failed) entry, so the next load reads its manifest and fetches its entry again. */
export function resetRemote(name: RemoteName): void {
  registrations.delete(name);
}

export type LoadedRoutes =
  | { ok: true; Component: ComponentType; useNavigation?: () => RemoteNavigation }
  | { ok: false; reason: string }
  /** Does not fit this shell (its contract, shared-ui/build/shared-contract.mjs): `mismatches` says why. */
  | { ok: false; reason: string; mismatches: string[] };

/** One attempt: the runtime's fallback plugin turns a failed manifest, entry or chunk into a marker module. */
export async function loadRoutesOnce(name: RemoteName, load: typeof loadRemote = loadRemote): Promise<LoadedRoutes> {
  try {
    const loaded = await load<RemoteRoutesModule | UnavailableRemoteModule>(`${name}/routes`);
    if (!loaded) return { ok: false, reason: 'empty module' };
    if (REMOTE_UNAVAILABLE in loaded) return { ok: false, reason: loaded[REMOTE_UNAVAILABLE].reason };
    return { ok: true, Component: loaded.default, useNavigation: loaded.useNavigation };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * One attempt: the remote's manifest (a manifest that fails to load is a
 * failure like a failed entry), the check of its contract against this
 * shell's, then its registration by the remoteEntry.js the manifest
 * names and its routes. The federation runtime is built without its own
 * manifest support (disableSnapshot, shared-ui/federation.mjs: 1.5 KiB gzip
 * less of every first visit); the page's inline script already preloaded the
 * first page's entry and exposed module from the same manifest.
 */
async function loadFromManifest(name: RemoteName): Promise<LoadedRoutes> {
  return (await registerFromManifest(name)) ?? loadRoutesOnce(name);
}

/** Registers the remote from its manifest unless it is (or is being) already: null when it is registered, else why not. */
function registerFromManifest(name: RemoteName): Promise<RegistrationFailure | null> {
  if (!entries) return Promise.resolve(null);
  const pending = registrations.get(name);
  if (pending) return pending;
  const registration = registerNow(name, entries[name].manifest);
  registrations.set(name, registration);
  // A failed registration is not kept: the next load reads the manifest again.
  void registration.then((failure) => failure && registrations.get(name) === registration && registrations.delete(name));
  return registration;
}

async function registerNow(name: RemoteName, manifestUrl: string): Promise<RegistrationFailure | null> {
  let manifest: RemoteManifest;
  try {
    manifest = (await readJson(manifestUrl)) as RemoteManifest;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const mismatches = remoteMismatches(manifest);
  if (mismatches.length) return { ok: false, reason: 'incompatible', mismatches: mismatches.map(({ message }) => message) };
  // Forced: a remote registered before (and failed since) loads afresh.
  registerRemotes([{ name, entry: remoteEntryUrl(manifest, manifestUrl) }], { force: true });
  return null;
}

/**
 * A staff remote's workspace links module (`<name>/navigation`, shared-ui's RemoteNavigationModule), or null: a
 * remote that is down, does not fit this shell, or predates the module (an older release) gives no links, and the
 * account menu shows the others. Tried once a page: links are not worth retries.
 */
export async function loadRemoteNavigation(name: RemoteName, load: typeof loadRemote = loadRemote): Promise<RemoteNavigationModule | null> {
  if (await registerFromManifest(name)) return null;
  try {
    const loaded = await load<RemoteNavigationModule | UnavailableRemoteModule>(`${name}/navigation`);
    if (!loaded || REMOTE_UNAVAILABLE in loaded || typeof loaded.useNavigation !== 'function') return null;
    return loaded;
  } catch {
    return null;
  }
}

/**
 * Loads a remote's routes, retrying transient failures with backoff before
 * giving up, and refuses (each mismatch named) a remote whose contract does not
 * fit this shell's.
 */
export async function loadRemoteRoutes(name: RemoteName): Promise<LoadedRoutes> {
  const loaded = await withRetries(() => loadFromManifest(name), {
    beforeRetry: () => resetRemote(name),
    // A remote that does not fit stays so: no retry.
    settled: (result) => result.ok || 'mismatches' in result,
  });
  reportRemoteEvent(name, remoteVersion(name), loaded.ok ? 'loaded' : 'load-failed');
  if ('mismatches' in loaded) {
    console.error(`[shell] remote ${name} does not fit this shell: ${loaded.mismatches.join('; ')}. Deploy a shell it fits, or roll the remote back in remotes.json.`);
  } else if (!loaded.ok) {
    console.warn(`[shell] remote ${name} is unavailable: ${loaded.reason}`);
  }
  return loaded;
}
