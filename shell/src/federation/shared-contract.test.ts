import { describe, expect, it, vi } from 'vitest';
import { missingForRemote } from './shared-contract';

const provided = { 'react-router-dom': ['Link', 'Routes', 'Route'], '@tanstack/react-query': ['useQuery'] };
const answer = (status: number, body?: unknown) => vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe("the shell's run-time check of a remote's shared imports", () => {
  it('reads shared-imports.json beside the manifest and names what the shell lacks', async () => {
    const fetchFn = answer(200, { 'react-router-dom': ['Link', 'useMatch'], '@tanstack/react-query': ['useQuery'], zustand: ['create'] });
    expect(await missingForRemote('https://cdn.example/customer/2.0.0/mf-manifest.json', provided, fetchFn)).toEqual(['react-router-dom: useMatch']);
    expect(fetchFn).toHaveBeenCalledWith('https://cdn.example/customer/2.0.0/shared-imports.json', { cache: 'no-cache' });
  });

  it('accepts a remote that needs only what the shell provides', async () => {
    expect(await missingForRemote('/c/mf-manifest.json', provided, answer(200, { 'react-router-dom': ['Routes', 'Route'] }))).toEqual([]);
  });

  it('names a whole-module import', async () => {
    expect(await missingForRemote('/c/mf-manifest.json', provided, answer(200, { '@tanstack/react-query': ['*'] }))).toEqual(['@tanstack/react-query: the whole module']);
  });

  it('takes a remote built before the contract (no list) as it is', async () => {
    expect(await missingForRemote('/c/mf-manifest.json', provided, answer(404))).toEqual([]);
  });
});

describe('the first page’s remote', () => {
  it('takes the shared-imports.json the page’s inline script fetched, without asking again', async () => {
    const { fetchEarly } = await import('../early/responses');
    const early = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ 'react-router-dom': ['useMatch'] }), { status: 200 }));
    void fetchEarly('https://cdn.example/customer/3.0.0/shared-imports.json', { cache: 'no-cache' });
    early.mockRestore();
    const fetchFn = answer(200, {});
    expect(await missingForRemote('https://cdn.example/customer/3.0.0/mf-manifest.json', provided, fetchFn)).toEqual(['react-router-dom: useMatch']);
    expect(fetchFn).not.toHaveBeenCalled();
    // Handed out once: the next check (a Retry) asks the network.
    expect(await missingForRemote('https://cdn.example/customer/3.0.0/mf-manifest.json', provided, fetchFn)).toEqual([]);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
