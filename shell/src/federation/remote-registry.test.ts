import { describe, expect, it, vi } from 'vitest';
import fallbackPlugin, { REMOTE_UNAVAILABLE } from './fallback-plugin';
import { loadRoutesOnce, parseRemotesConfig } from './remote-registry';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

describe('remotes.json', () => {
  it('maps every remote to its manifest', () => {
    const config = { customer: 'https://cdn/c/2/mf-manifest.json', admin: '/a.json', debug: '/d.json', extra: 'ignored' };
    expect(parseRemotesConfig(config)).toEqual({ customer: 'https://cdn/c/2/mf-manifest.json', admin: '/a.json', debug: '/d.json' });
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
