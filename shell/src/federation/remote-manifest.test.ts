import { describe, expect, it } from 'vitest';
import { remoteEntryUrl, type RemoteManifest } from './remote-manifest';

const manifest = (publicPath: string, path = ''): RemoteManifest => ({ metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path } }, exposes: [] });

describe("a remote's entry, from its manifest", () => {
  it("is beside the manifest when the public path is 'auto', wherever the manifest is", () => {
    expect(remoteEntryUrl(manifest('auto'), 'https://cdn.example/customer/7/mf-manifest.json')).toBe('https://cdn.example/customer/7/remoteEntry.js');
    expect(remoteEntryUrl(manifest('auto'), '/customer/mf-manifest.json')).toBe(`${window.location.origin}/customer/remoteEntry.js`);
  });

  it('follows a public path and a folder when the build names them', () => {
    expect(remoteEntryUrl(manifest('https://static.example/c/', 'entry'), 'https://cdn.example/m.json')).toBe('https://static.example/c/entry/remoteEntry.js');
  });
});
