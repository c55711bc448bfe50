import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_UNAVAILABLE, type UnavailableRemoteModule } from './fallback-plugin';
import { takeEarlyResponse } from './preload';

export const REMOTE_NAMES = ['customer', 'admin', 'debug'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** What every remote exposes as `./routes`; the shell's type check reads the remotes' own declarations. */
export type RoutesModule = typeof import('customer/routes') | typeof import('admin/routes') | typeof import('debug/routes');

let entries: Record<RemoteName, string> | null = null;

/**
 * Reads /remotes.json (served beside the shell, absolute path so deep links
 * work; fetched early by the entry, preload.ts) and registers each remote's manifest. Moving or rolling back a remote
 * is an edit of that file, not a shell build.
 */
export async function registerRemotesFromConfig(url = '/remotes.json'): Promise<void> {
  const response = await (takeEarlyResponse(url) ?? fetch(url, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
  const config = (await response.json()) as Partial<Record<RemoteName, string>>;
  const missing = REMOTE_NAMES.filter((name) => typeof config[name] !== 'string');
  if (missing.length) throw new Error(`${url} has no entry for ${missing.join(', ')}`);
  entries = config as Record<RemoteName, string>;
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: entries![name] })));
}

/** Forgets a remote's loaded (or failed) entry, so the next load fetches it again. */
export function resetRemote(name: RemoteName): void {
  if (!entries) return;
  registerRemotes([{ name, entry: entries[name] }], { force: true });
}

export type LoadedRoutes = { ok: true; Component: ComponentType } | { ok: false; reason: string };

export async function loadRemoteRoutes(name: RemoteName): Promise<LoadedRoutes> {
  try {
    const loaded = await loadRemote<RoutesModule | UnavailableRemoteModule>(`${name}/routes`);
    if (!loaded) return { ok: false, reason: 'empty module' };
    if (REMOTE_UNAVAILABLE in loaded) return { ok: false, reason: loaded[REMOTE_UNAVAILABLE].reason };
    return { ok: true, Component: loaded.default };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
