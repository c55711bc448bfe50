import { RELEASE_0_API_MEMBERS } from 'shared-ui/shared-contract';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteManifest } from './remote-manifest';
import { remoteMismatches, shellContract } from './shared-contract';

vi.mock('@module-federation/enhanced/runtime', () => ({ getInstance: vi.fn() }));
vi.mock('shared-ui', () => ({ Button: () => null, PageTitle: () => null, createApi: () => ({ showAll: () => null, isAdmin: () => null }) }));

/** The federation runtime as the shell's page runs it: version 2.9.2, React registered by the shell and by a remote. */
const runtime = {
  name: 'shell',
  version: '2.9.2',
  options: { shared: { react: [{ version: '19.3.1', from: 'shell' }, { version: '19.4.0', from: 'customer' }], zustand: [{ version: '5.1.0', from: 'admin' }] } },
};

const manifest = (metaData: Partial<RemoteManifest['metaData']>): RemoteManifest => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, ...metaData },
  exposes: [],
});

describe("the shell's contract, read from what its page runs", () => {
  it('is null in development (the bundler published no tree-shaken exports): nothing is checked', () => {
    expect(shellContract(runtime)).toBeNull();
    expect(remoteMismatches(manifest({}))).toEqual([]);
  });

  it("takes the runtime's major, the singletons this shell registered, its tree-shaken exports and shared-ui's exports", () => {
    vi.stubGlobal('__webpack_require__', { federation: { usedExports: { 'react-router-dom': ['Link'] } } });
    expect(shellContract(runtime)).toEqual({
      version: 1,
      federationRuntime: { major: 2, provides: true, external: false, needsProvided: false },
      singletons: { react: { version: '19.3.1' } },
      treeShakenExports: { provides: { 'react-router-dom': ['Link'] } },
      sharedUiExports: { provides: ['Button', 'PageTitle', 'createApi'] },
      sharedUiMembers: { provides: { useApi: ['showAll', 'isAdmin'], createApi: ['showAll', 'isAdmin'] } },
    });
    vi.unstubAllGlobals();
  });
});

describe("the shell's check of a remote, from its manifest", () => {
  const shell = {
    version: 1,
    federationRuntime: { major: 2, provides: true, external: false, needsProvided: false },
    singletons: { react: { version: '19.3.1' } },
    treeShakenExports: { provides: { 'react-router-dom': ['Link', 'Routes'] } },
    sharedUiExports: { provides: ['Button'] },
    sharedUiMembers: { provides: { useApi: RELEASE_0_API_MEMBERS, createApi: RELEASE_0_API_MEMBERS } },
  };
  const contract = {
    version: 1,
    federationRuntime: { major: 2, provides: false, external: true, needsProvided: false },
    singletons: { react: { version: '19.3.1', accepts: '^19.3.1' } },
    treeShakenExports: { imports: { 'react-router-dom': ['Routes'] } },
    sharedUiExports: { imports: ['Button'] },
  };

  it('accepts a remote whose contract fits', () => {
    expect(remoteMismatches(manifest({ contract }), shell)).toEqual([]);
  });

  it('names each mismatch of a remote that does not fit', () => {
    const newer = { ...contract, federationRuntime: { ...contract.federationRuntime, major: 3 }, sharedUiExports: { imports: ['Button', 'notify'] } };
    expect(remoteMismatches(manifest({ contract: newer }), shell).map(({ message }) => message)).toEqual([
      'federation runtime: the remote needs major 3, the shell provides major 2',
      "shared-ui: notify is not in the shell's shared-ui",
    ]);
  });

  it("judges a release-0 remote by its manifest's shared imports", () => {
    expect(remoteMismatches(manifest({ sharedImports: { 'react-router-dom': ['Link', 'useMatch'] } }), shell).map(({ message }) => message)).toEqual([
      "tree-shaken react-router-dom: useMatch is not in the shell's build",
    ]);
  });

  it("refuses a release-0 remote when this shell's API client lacks a member release 0's remotes call, naming it (the slot shows the fallback)", () => {
    const withoutIsAdmin = RELEASE_0_API_MEMBERS.filter((name) => name !== 'isAdmin');
    const older = { ...shell, sharedUiMembers: { provides: { useApi: withoutIsAdmin, createApi: withoutIsAdmin } } };
    expect(remoteMismatches(manifest({ sharedImports: {} }), older).map(({ kind, message }) => `${kind}: ${message}`)).toEqual([
      "shared-ui-member: shared-ui: useApi()'s answer has no isAdmin in the shell's shared-ui",
      "shared-ui-member: shared-ui: createApi()'s answer has no isAdmin in the shell's shared-ui",
    ]);
  });

  it('refuses a remote older than release 0, which publishes nothing to judge', () => {
    expect(remoteMismatches(manifest({}), shell).map(({ kind }) => kind)).toEqual(['contract-absent']);
  });
});
