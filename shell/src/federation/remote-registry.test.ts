import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { describe, expect, it, vi } from 'vitest';
import fallbackPlugin, { REMOTE_UNAVAILABLE } from './fallback-plugin';
import { flushRemoteEvents, setBeaconEndpoint } from './load-beacon';
import type { RemoteManifest } from './remote-manifest';
import { loadRemoteNavigation, loadRemoteRoutes, loadRoutesOnce, parseRemotesConfig, readRemotesConfig, resetRemote } from './remote-registry';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('./retry', async (original) => ({ ...(await original<typeof import('./retry')>()), RETRY_DELAYS_MS: [0, 0] }));
// This shell's build provides Link from react-router-dom, and nothing else from it.
vi.mock('./shared-contract', async (original) => {
  const contract = await original<typeof import('./shared-contract')>();
  const shell = {
    version: 1,
    federationRuntime: { major: 2, provides: true, external: false, needsProvided: false },
    singletons: {},
    treeShakenExports: { provides: { 'react-router-dom': ['Link'] } },
    sharedUiExports: { provides: [] },
  };
  return { ...contract, remoteMismatches: (manifest: RemoteManifest) => contract.remoteMismatches(manifest, shell) };
});

describe('remotes.json', () => {
  it('maps every remote to its manifest and release id', () => {
    const config = { customer: 'https://cdn/c/2/mf-manifest.json', admin: '/a.json', debug: '/d.json', extra: 'ignored', versions: { customer: '2.0.0-1a2b3c4d' } };
    expect(parseRemotesConfig(config)).toEqual({
      customer: { manifest: 'https://cdn/c/2/mf-manifest.json', version: '2.0.0-1a2b3c4d' },
      admin: { manifest: '/a.json', version: 'unknown' },
      debug: { manifest: '/d.json', version: 'unknown' },
    });
  });

  it('names the remotes it lacks', () => {
    expect(() => parseRemotesConfig({ customer: '/c.json', admin: 3 })).toThrow('/remotes.json has no entry for admin, debug');
    expect(() => parseRemotesConfig(null)).toThrow('has no entry for customer, admin, debug');
  });
});

describe('loading a remote once', () => {
  it('returns the exposed routes component', async () => {
    const Component = () => null;
    const load = vi.fn().mockResolvedValue({ default: Component });
    expect(await loadRoutesOnce('customer', load)).toEqual({ ok: true, Component });
    expect(load).toHaveBeenCalledWith('customer/routes');
  });

  it("passes on the navigation hook a remote's module exposes with its routes (the links the shell places)", async () => {
    const Component = () => null;
    const useNavigation = () => ({ navbar: [{ to: '/movies', label: 'Movies' }] });
    const load = vi.fn().mockResolvedValue({ default: Component, useNavigation });
    expect(await loadRoutesOnce('customer', load)).toEqual({ ok: true, Component, useNavigation });
  });

  it('turns the fallback plugin\'s marker, a rejection and an empty module into failures with the reason', async () => {
    const plugin = fallbackPlugin();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const marker = await plugin.errorLoadRemote!({ id: 'customer/routes', error: new Error('manifest 503'), lifecycle: 'afterResolve' } as never);
    expect(marker).toEqual({ [REMOTE_UNAVAILABLE]: { id: 'customer/routes', reason: 'manifest 503' } });
    expect(await loadRoutesOnce('customer', vi.fn().mockResolvedValue(marker))).toEqual({ ok: false, reason: 'manifest 503' });
    expect(await loadRoutesOnce('admin', vi.fn().mockRejectedValue(new Error('chunk failed')))).toEqual({ ok: false, reason: 'chunk failed' });
    expect(await loadRoutesOnce('debug', vi.fn().mockResolvedValue(undefined))).toEqual({ ok: false, reason: 'empty module' });
  });
});

describe('registering a remote from its manifest', () => {
  const contract = (routerImports: string[]) => ({
    version: 1,
    federationRuntime: { major: 2, provides: false, external: true, needsProvided: false },
    singletons: {},
    treeShakenExports: { imports: { 'react-router-dom': routerImports } },
    sharedUiExports: { imports: [] },
  });
  const manifest = (publicPath: string, routerImports = ['Link']) => ({
    metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' }, contract: contract(routerImports) },
    exposes: [],
  });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  it('registers the entry its manifest names, when the remote is first needed, and loads its routes', async () => {
    const remotes = { customer: 'https://cdn.example/customer/7/mf-manifest.json', admin: '/a.json', debug: '/d.json' };
    const fetchMock = vi.fn(async (url: string) => (url === '/remotes.json' ? json(remotes) : url.endsWith('mf-manifest.json') ? json(manifest('auto')) : json({}, 404)));
    vi.stubGlobal('fetch', fetchMock);
    const Component = () => null;
    vi.mocked(loadRemote).mockResolvedValue({ default: Component });
    await readRemotesConfig();
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(await loadRemoteRoutes('customer')).toEqual({ ok: true, Component });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'customer', entry: 'https://cdn.example/customer/7/remoteEntry.js' }], { force: true });
    vi.unstubAllGlobals();
  });

  it('refuses, without retrying, a remote whose manifest says it needs exports this shell lacks', async () => {
    const remotes = { customer: '/c/mf-manifest.json', admin: '/a/mf-manifest.json', debug: '/d/mf-manifest.json' };
    const newer = manifest('auto', ['Link', 'useMatch']);
    const fetchMock = vi.fn(async (url: string) => (url === '/remotes.json' ? json(remotes) : json(newer)));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await readRemotesConfig();
    expect(await loadRemoteRoutes('debug')).toEqual({ ok: false, reason: 'incompatible', mismatches: ["tree-shaken react-router-dom: useMatch is not in the shell's build"] });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/d/mf-manifest.json')).toHaveLength(1);
    expect(registerRemotes).not.toHaveBeenCalledWith([expect.objectContaining({ name: 'debug' })], expect.anything());
    vi.unstubAllGlobals();
  });

  it("reports each load's outcome to the service with the remote's release id, and nothing else", async () => {
    const remotes = { customer: '/c/mf-manifest.json', admin: '/a/mf-manifest.json', debug: '/d/mf-manifest.json', versions: { customer: '0.3.0-cccccccc' } };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/remotes.json' ? json(remotes) : url === '/c/mf-manifest.json' ? json(manifest('auto')) : json({}, 503))));
    flushRemoteEvents(); // what earlier tests queued
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(loadRemote).mockResolvedValue({ default: () => null });
    setBeaconEndpoint('https://api.example/');
    await readRemotesConfig();
    await loadRemoteRoutes('customer');
    await loadRemoteRoutes('admin');
    // Sent when the page is idle, or at the latest when it is left.
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon.mock.calls).toEqual([
      ['https://api.example/api/remote-events', JSON.stringify({ remote: 'customer', version: '0.3.0-cccccccc', event: 'loaded' })],
      ['https://api.example/api/remote-events', JSON.stringify({ remote: 'admin', version: 'unknown', event: 'load-failed' })],
    ]);
    vi.unstubAllGlobals();
  });

  it('asks again for a manifest that failed, and says why when it keeps failing', async () => {
    const remotes = { customer: '/c/mf-manifest.json', admin: '/a/mf-manifest.json', debug: '/d/mf-manifest.json' };
    let manifestAnswers = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/remotes.json' ? json(remotes) : url === '/a/mf-manifest.json' ? (manifestAnswers++, json({}, 503)) : json({}, 404))));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await readRemotesConfig();
    expect(await loadRemoteRoutes('admin')).toEqual({ ok: false, reason: 'Could not load /a/mf-manifest.json (503)' });
    expect(manifestAnswers).toBe(3);
    expect(registerRemotes).not.toHaveBeenCalledWith([expect.objectContaining({ name: 'admin' })], expect.anything());
    vi.unstubAllGlobals();
  });
});

describe("a staff remote's navigation module (issue 52: staff find their tools)", () => {
  const manifest = {
    metaData: {
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      contract: { version: 1, federationRuntime: { major: 2, provides: false, external: true, needsProvided: false }, singletons: {}, treeShakenExports: { imports: {} }, sharedUiExports: { imports: [] } },
    },
    exposes: [],
  };
  const serve = (manifestStatus: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/remotes.json'
          ? new Response(JSON.stringify({ customer: '/c/mf-manifest.json', admin: '/a/mf-manifest.json', debug: '/d/mf-manifest.json' }))
          : new Response(JSON.stringify(manifest), { status: manifestStatus }),
      ),
    );

  it('registers the remote from its manifest, loads <remote>/navigation and returns it when it has its hook', async () => {
    resetRemote('admin');
    serve(200);
    await readRemotesConfig();
    const navigation = { useNavigation: () => ({ workspace: [{ to: '/admin', label: 'Theatre admin' }] }) };
    const load = vi.fn().mockResolvedValue(navigation);
    expect(await loadRemoteNavigation('admin', load)).toBe(navigation);
    expect(load).toHaveBeenCalledWith('admin/navigation');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'admin', entry: expect.stringMatching(/\/a\/remoteEntry\.js$/) }], { force: true });
    vi.unstubAllGlobals();
  });

  it("registers a remote once when its routes and its links load at the same time (its remoteEntry.js runs once)", async () => {
    resetRemote('admin');
    serve(200);
    await readRemotesConfig();
    vi.mocked(registerRemotes).mockClear();
    const navigation = { useNavigation: () => ({ workspace: [] }) };
    vi.mocked(loadRemote).mockResolvedValue({ default: () => null });
    const [links, routes] = await Promise.all([loadRemoteNavigation('admin', vi.fn().mockResolvedValue(navigation)), loadRemoteRoutes('admin')]);
    expect(links).toBe(navigation);
    expect(routes.ok).toBe(true);
    expect(vi.mocked(registerRemotes).mock.calls.filter(([remotes]) => remotes[0]?.name === 'admin')).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('is null, never an error, for a remote that is down, fails, or predates the module', async () => {
    serve(200);
    await readRemotesConfig();
    expect(await loadRemoteNavigation('admin', vi.fn().mockResolvedValue({ [REMOTE_UNAVAILABLE]: { id: 'admin/navigation', reason: 'not exposed' } }))).toBeNull();
    expect(await loadRemoteNavigation('admin', vi.fn().mockRejectedValue(new Error('chunk failed')))).toBeNull();
    expect(await loadRemoteNavigation('debug', vi.fn().mockResolvedValue({ default: () => null }))).toBeNull();
    expect(await loadRemoteNavigation('debug', vi.fn().mockResolvedValue(undefined))).toBeNull();
    resetRemote('debug');
    serve(503);
    const load = vi.fn();
    expect(await loadRemoteNavigation('debug', load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
