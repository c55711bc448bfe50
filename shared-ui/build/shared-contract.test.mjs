import { describe, expect, it } from 'vitest';
import {
  CONTRACT_VERSION,
  contractMismatches,
  MISMATCH,
  RELEASE_0_API_MEMBERS,
  release0RemoteNeeds,
  RELEASE_0_SHARED_UI_EXPORTS,
  remoteContractOf,
  satisfies,
  shellContractOf,
} from './shared-contract.mjs';

/** A shell of this release that provides federation runtime 2, React 19.3.1, a tree-shaken router and a small shared-ui. */
function shell(overrides = {}) {
  return {
    version: CONTRACT_VERSION,
    federationRuntime: { major: 2, provides: true, external: false, needsProvided: false },
    singletons: { react: { version: '19.3.1', accepts: '^19.3.1' }, 'shared-ui': { version: '0.1.0', accepts: '^0.1.0' } },
    treeShakenExports: { imports: {}, provides: { 'react-router-dom': ['Link', 'Routes'] } },
    sharedUiExports: { provides: ['Button', 'PageTitle'] },
    sharedUiMembers: { provides: { useApi: RELEASE_0_API_MEMBERS, createApi: RELEASE_0_API_MEMBERS } },
    ...overrides,
  };
}

/** A remote of this release that fits `shell()`. */
function remote(overrides = {}) {
  return {
    version: CONTRACT_VERSION,
    federationRuntime: { major: 2, provides: false, external: true, needsProvided: false },
    singletons: { react: { version: '19.3.1', accepts: '^19.3.1' }, 'shared-ui': { version: '0.1.0', accepts: '^0.1.0' } },
    treeShakenExports: { imports: { 'react-router-dom': ['Link'] } },
    sharedUiExports: { imports: ['Button'] },
    ...overrides,
  };
}

const kinds = (mismatches) => mismatches.map(({ kind }) => kind);
const messages = (mismatches) => mismatches.map(({ message }) => message);

describe('the compatibility contract: judging a remote against a shell', () => {
  it('finds nothing when the remote fits', () => {
    expect(contractMismatches(remote(), shell())).toEqual([]);
  });

  it('names a remote that needs a federation runtime provided under a shell that provides none', () => {
    const needs = remote({ federationRuntime: { major: 2, provides: false, external: true, needsProvided: true } });
    const found = contractMismatches(needs, shell({ federationRuntime: { major: 2, provides: false, external: false, needsProvided: false } }));
    expect(kinds(found)).toEqual([MISMATCH.runtimeMissing]);
    expect(messages(found)[0]).toBe('federation runtime: the remote needs the page to provide one (major 2), the shell provides none');
  });

  it('accepts a remote that loads its own runtime where the shell provides none', () => {
    expect(contractMismatches(remote(), shell({ federationRuntime: { major: 2, provides: false, external: false, needsProvided: false } }))).toEqual([]);
  });

  it("names a remote built for another federation runtime major than the shell's", () => {
    const found = contractMismatches(remote({ federationRuntime: { major: 3, provides: false, external: true, needsProvided: false } }), shell());
    expect(kinds(found)).toEqual([MISMATCH.runtimeMajor]);
    expect(messages(found)[0]).toBe('federation runtime: the remote needs major 3, the shell provides major 2');
  });

  it("names a singleton whose version in the shell is outside the range the remote accepts; shared-ui is judged by its exports", () => {
    const newer = remote({ singletons: { react: { version: '20.1.0', accepts: '^20.1.0' }, 'shared-ui': { version: '0.0.9', accepts: '^0.0.9' } } });
    const found = contractMismatches(newer, shell());
    expect(kinds(found)).toEqual([MISMATCH.singletonRange]);
    expect(messages(found)[0]).toBe('react: the shell provides 19.3.1, the remote accepts ^20.1.0');
  });

  it("names a tree-shaken export the shell's build leaves out, and a whole-module import; a library not tree-shaken is whole", () => {
    const imports = { 'react-router-dom': ['Link', 'useMatch', '*'], zustand: ['create'] };
    const found = contractMismatches(remote({ treeShakenExports: { imports } }), shell());
    expect(kinds(found)).toEqual([MISMATCH.treeShakenExport, MISMATCH.treeShakenExport]);
    expect(messages(found)).toEqual(["tree-shaken react-router-dom: useMatch is not in the shell's build", "tree-shaken react-router-dom: the whole module is not in the shell's build"]);
    expect(found[0]).toMatchObject({ library: 'react-router-dom', name: 'useMatch' });
  });

  it("names a shared-ui export the shell's shared-ui lacks", () => {
    const found = contractMismatches(remote({ sharedUiExports: { imports: ['Button', 'notify'] } }), shell());
    expect(kinds(found)).toEqual([MISMATCH.sharedUiExport]);
    expect(found[0]).toMatchObject({ message: "shared-ui: notify is not in the shell's shared-ui", library: 'shared-ui', name: 'notify' });
  });

  it('refuses builds more than one release apart (the support window)', () => {
    const found = contractMismatches(remote({ version: CONTRACT_VERSION + 2 }), shell());
    expect(kinds(found)).toEqual([MISMATCH.outsideWindow]);
  });

  it('lists every mismatch at once', () => {
    const bad = remote({
      federationRuntime: { major: 3, provides: false, external: true, needsProvided: false },
      treeShakenExports: { imports: { 'react-router-dom': ['useMatch'] } },
      sharedUiExports: { imports: ['notify'] },
    });
    expect(kinds(contractMismatches(bad, shell()))).toEqual([MISMATCH.runtimeMajor, MISMATCH.treeShakenExport, MISMATCH.sharedUiExport]);
  });
});

describe('builds that publish no contract', () => {
  const release0Manifest = {
    metaData: { sharedImports: { 'react-router-dom': ['Link', 'useMatch'] } },
    shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }],
  };

  it("reads a release-0 remote from its manifest: it needs runtime 2 provided, and its shared imports and singletons come from the manifest", () => {
    const contract = remoteContractOf(release0Manifest);
    expect(contract).toMatchObject({ version: 0, federationRuntime: { major: 2, needsProvided: true }, singletons: { react: { version: '19.3.1', accepts: '^19.3.1' } } });
    expect(messages(contractMismatches(contract, shell()))).toEqual(["tree-shaken react-router-dom: useMatch is not in the shell's build"]);
    expect(kinds(contractMismatches(contract, shell({ federationRuntime: { major: 2, provides: false, external: false, needsProvided: false } })))).toContain(MISMATCH.runtimeMissing);
  });

  it("reads a release-0 shell from its shared-exports.json: runtime 2 provided, release 0's shared-ui", () => {
    const contract = shellContractOf({ manifest: { metaData: {} }, sharedExports: { 'react-router-dom': ['Link'] } });
    expect(contract).toMatchObject({ version: 0, federationRuntime: { major: 2, provides: true }, treeShakenExports: { provides: { 'react-router-dom': ['Link'] } } });
    expect(contract.sharedUiExports.provides).toEqual(RELEASE_0_SHARED_UI_EXPORTS);
    // A remote of this release runs under it when it imports nothing newer.
    expect(contractMismatches(remote({ version: 1 }), contract)).toEqual([]);
    expect(kinds(contractMismatches(remote({ sharedUiExports: { imports: ['AnExportAddedLater'] } }), contract))).toEqual([MISMATCH.sharedUiExport]);
  });

  it("a release-0 remote may import any of release 0's shared-ui exports: a shell that dropped one does not fit them", () => {
    const dropped = shell({ sharedUiExports: { provides: RELEASE_0_SHARED_UI_EXPORTS.filter((name) => name !== 'notify') } });
    expect(messages(contractMismatches(release0RemoteNeeds(), dropped))).toEqual(["shared-ui: notify is not in the shell's shared-ui"]);
  });

  it("a release-0 remote may call any member of release 0's API client: a shell whose client lost one does not fit, naming the member", () => {
    const withoutIsAdmin = RELEASE_0_API_MEMBERS.filter((name) => name !== 'isAdmin');
    const dropped = shell({ sharedUiExports: { provides: RELEASE_0_SHARED_UI_EXPORTS }, sharedUiMembers: { provides: { useApi: withoutIsAdmin, createApi: withoutIsAdmin } } });
    const found = contractMismatches(remoteContractOf(release0Manifest), dropped);
    expect(found.filter(({ kind }) => kind === MISMATCH.sharedUiMember)).toEqual([
      { kind: MISMATCH.sharedUiMember, message: "shared-ui: useApi()'s answer has no isAdmin in the shell's shared-ui", library: 'shared-ui', name: 'useApi', member: 'isAdmin' },
      { kind: MISMATCH.sharedUiMember, message: "shared-ui: createApi()'s answer has no isAdmin in the shell's shared-ui", library: 'shared-ui', name: 'createApi', member: 'isAdmin' },
    ]);
  });

  it("a release-1 shell that published no sharedUiMembers gave only the moviegoers' calls: release 0's staff remotes do not fit it, today's remotes and its own do", () => {
    const { sharedUiMembers: _dropped, ...older } = shell({ sharedUiExports: { provides: RELEASE_0_SHARED_UI_EXPORTS } });
    const olderShell = shellContractOf({ manifest: { metaData: { contract: older } } });
    const missing = contractMismatches(release0RemoteNeeds(), olderShell).filter(({ name }) => name === 'useApi').map(({ member }) => member);
    expect(missing).toEqual(['isAdmin', 'nowPlaying', 'addShow', 'allShows', 'allBookings', 'dashboard', 'salesReport', 'debugBookings', 'unpaidBookings', 'markPaid', 'testEmail', 'fixPayment', 'outbox']);
    const olderCustomer = remoteContractOf({ metaData: { contract: remote({ sharedUiExports: { imports: ['useApi'] } }) } });
    expect(olderCustomer.sharedUiMembers.imports.useApi).toContain('catalogList');
    expect(contractMismatches(olderCustomer, olderShell)).toEqual([]);
    expect(contractMismatches(remote({ sharedUiMembers: { imports: {} } }), olderShell)).toEqual([]);
  });

  it('refuses, by name, a build older than release 0 on either side', () => {
    const olderShell = shellContractOf({ manifest: { metaData: {} }, sharedExports: null });
    const olderRemote = remoteContractOf({ metaData: {} });
    expect(olderShell).toEqual({ version: null });
    expect(olderRemote).toEqual({ version: null });
    expect(contractMismatches(remote(), olderShell)).toEqual([
      { kind: MISMATCH.contractAbsent, message: 'the shell publishes no contract: it was built before release 0, outside the support window' },
    ]);
    expect(messages(contractMismatches(olderRemote, shell()))).toEqual(['the remote publishes no contract: it was built before release 0, outside the support window']);
    expect(remoteContractOf(null)).toEqual({ version: null });
  });
});

describe('version ranges', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.9.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['0.1.0', '^0.0.9', false],
    ['0.1.4', '^0.1.0', true],
    ['5.1.9', '~5.1.0', true],
    ['5.2.0', '~5.1.0', false],
    ['2.0.0', '>=1.0.0 || ^3.0.0', true],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.2.3', '*', true],
    ['1.2.3', 'latest', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
