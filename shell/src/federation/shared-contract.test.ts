import { describe, expect, it } from 'vitest';
import type { RemoteManifest } from './remote-manifest';
import { missingForRemote } from './shared-contract';

const provided = { 'react-router-dom': ['Link', 'Routes', 'Route'], '@tanstack/react-query': ['useQuery'] };
const manifest = (sharedImports?: Record<string, string[]>): RemoteManifest => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, ...(sharedImports && { sharedImports }) },
  exposes: [],
});

describe("the shell's run-time check of a remote's shared imports, from its manifest", () => {
  it('names what the shell lacks', () => {
    expect(missingForRemote(manifest({ 'react-router-dom': ['Link', 'useMatch'], '@tanstack/react-query': ['useQuery'], zustand: ['create'] }), provided)).toEqual([
      'react-router-dom: useMatch',
    ]);
  });

  it('accepts a remote that needs only what the shell provides', () => {
    expect(missingForRemote(manifest({ 'react-router-dom': ['Routes', 'Route'] }), provided)).toEqual([]);
  });

  it('names a whole-module import', () => {
    expect(missingForRemote(manifest({ '@tanstack/react-query': ['*'] }), provided)).toEqual(['@tanstack/react-query: the whole module']);
  });

  it('takes a remote built before the contract (no list) as it is', () => {
    expect(missingForRemote(manifest(), provided)).toEqual([]);
  });
});
