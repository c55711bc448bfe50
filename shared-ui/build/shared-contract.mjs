/**
 * The compatibility contract between a shell and the remotes deployed apart
 * from it, and its one reader. Every production build publishes its contract
 * in its mf-manifest.json, under metaData.contract:
 *
 *   { version,                       // the contract's release (CONTRACT_VERSION)
 *     federationRuntime: { major, provides, external, needsProvided },
 *     singletons: { [library]: { version, accepts } },
 *     treeShakenExports: { imports, provides? },   // library -> export names
 *     sharedUiExports: { imports, provides? },     // shared-ui export names
 *     sharedUiMembers: { imports, provides? } }    // shared-ui export -> the members of its answer
 *
 * (`provides` in the shell's only). The remotes' build, the deploy check
 * (scripts/check-remote.mjs) and the shell's registry all judge a pair with
 * `contractMismatches`. Plain JavaScript without Node APIs: the shell's
 * browser code imports it too.
 *
 * The support window: a build of release N runs with builds of releases N
 * and N - 1 (a remote under the shell of the release before or after its
 * own). Release 0 is the builds from before the contract was published
 * (commits 3e312cf to 606321c): the RELEASE_0_ constants say what they provided and needed.
 * Anything older publishes neither and is refused: its needs are unknown.
 */

/** The contract's release: raise it when a build stops providing something the previous release may need. */
export const CONTRACT_VERSION = 1;
/** A build's Module Federation manifest, where its contract is (remotes.json points at a remote's). */
export const MANIFEST_FILE = 'mf-manifest.json';
/** The file a release-0 shell published beside its index.html: library -> the exports its tree-shaken build provides. */
export const SHARED_EXPORTS_FILE = 'shared-exports.json';

/*
 * What release 0 published in no contract, read from its source (3e312cf..606321c): its shell provided the
 * federation runtime to the page and its remotes needed it (major 2); its shell's shared-ui exports, which
 * its remotes could import; its singletons' versions (the catalog of pnpm-workspace.yaml, as installed).
 * Three constants rather than one object, so that the shell's page, which needs only the first, carries
 * only the first.
 */
export const RELEASE_0_RUNTIME_MAJOR = 2;
export const RELEASE_0_SHARED_UI_EXPORTS = [
  'ApiError', 'AppConfigProvider', 'AppProviders', 'AppToaster', 'Button', 'CURRENCY_SYMBOL', 'CardGridSkeleton', 'EmptyState',
  'ErrorState', 'MovieCard', 'NavLinkList', 'PageLayout', 'PageTitle', 'Poster', 'RedirectWhenSignedInSettled', 'SITE_NAME', 'Skeleton',
  'StarRating', 'TestPaymentInfo', 'bookingStatusLabel', 'buttonClass', 'createApi', 'createQueryClient', 'formatBudget', 'formatDay',
  'formatPrice', 'formatRuntime', 'formatShowTime', 'formatTime', 'formatVotes', 'hasRating', 'imageUrl', 'loadAppConfig',
  'mountStandalone', 'notify', 'releaseYear', 'setEarlyResponses', 'useAccountRequired', 'useApi', 'useAppConfig', 'useAuthState',
  'useCheckoutStore', 'useCurrentUser', 'usePageTitle',
];
/** The moviegoers' calls on the API client of shared-ui's useApi() and createApi(). */
const MOVIEGOER_CALLS = [
  'publicConfig', 'showAll', 'showDetail', 'occupiedSeats', 'seatEventsUrl', 'createBooking', 'verifyPayment', 'myBookings', 'recheckPayment',
  'releaseBooking', 'favorites', 'toggleFavorite', 'catalogList', 'catalogMovie', 'catalogCredits', 'catalogSimilar', 'catalogVideos',
];
/**
 * The members of that client release 0's remotes call: every shell of the window provides each of them
 * (shared-ui/src/api/client.ts builds its client from this list). Today's remotes bring their own calls and
 * import neither export; shells and remotes of release 1 built before they published sharedUiMembers provided
 * and used the moviegoers' calls only (the staff's had left for shared-ui/staff).
 */
export const RELEASE_0_API_MEMBERS = [
  ...MOVIEGOER_CALLS,
  'isAdmin', 'nowPlaying', 'addShow', 'allShows', 'allBookings', 'dashboard', 'salesReport', 'debugBookings', 'unpaidBookings', 'markPaid',
  'testEmail', 'fixPayment', 'outbox',
];
/**
 * shared-ui exports a remote may import with a fallback of its own for shells that lack them, so they are not
 * among its needs: createCaller, the page's request primitive (shared-ui/src/api/use-caller.ts falls back to the
 * remote's own request code).
 */
export const OPTIONAL_SHARED_UI_EXPORTS = ['createCaller'];
/** The shared-ui exports whose answer is that client: a remote that imports one needs its members. */
export const API_CLIENT_EXPORTS = ['useApi', 'createApi'];
/** export -> members, for each API client export. */
const apiClientMembers = (members, exports = API_CLIENT_EXPORTS) => Object.fromEntries(exports.map((name) => [name, members]));
const RELEASE_0_SINGLETONS = {
  react: '19.3.1', 'react/jsx-runtime': '19.3.1', 'react-dom': '19.3.1', 'react-dom/client': '19.3.1', 'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0', zustand: '5.1.0', 'react-hot-toast': '2.6.1', '@auth0/auth0-react': '2.27.0', 'shared-ui': '0.1.0',
};

/**
 * What a release-0 remote may need of a shell's shared-ui: any export its shared-ui had. Every shell's build
 * checks that it still provides them (contract-plugin.mjs), so the check of a release-0 remote's manifest
 * (remoteContractOf) leaves them out.
 */
export function release0RemoteNeeds() {
  return {
    version: 0,
    federationRuntime: { major: RELEASE_0_RUNTIME_MAJOR, provides: false, external: true, needsProvided: true },
    singletons: {},
    treeShakenExports: { imports: {} },
    sharedUiExports: { imports: RELEASE_0_SHARED_UI_EXPORTS },
    sharedUiMembers: { imports: apiClientMembers(RELEASE_0_API_MEMBERS) },
  };
}

/**
 * A remote's contract from its manifest: the one it publishes, or release 0's
 * for a manifest that has only release 0's metaData.sharedImports (its
 * singletons from the manifest's own `shared` list; its shared-ui exports are
 * release0RemoteNeeds', its client's members are checked), or `{ version: null }`
 * for an older build. A release-1 contract without sharedUiMembers needs the
 * moviegoers' calls of each API client export it imports.
 */
export function remoteContractOf(manifest) {
  const metaData = manifest?.metaData ?? {};
  const { contract } = metaData;
  if (contract) {
    if (contract.sharedUiMembers) return contract;
    const clientImports = API_CLIENT_EXPORTS.filter((name) => contract.sharedUiExports?.imports?.includes(name));
    return { ...contract, sharedUiMembers: { imports: apiClientMembers(MOVIEGOER_CALLS, clientImports) } };
  }
  if (!metaData.sharedImports) return { version: null };
  const singletons = {};
  for (const { name, version, requiredVersion } of manifest.shared ?? []) singletons[name] = { version, accepts: requiredVersion };
  return {
    version: 0,
    federationRuntime: { major: RELEASE_0_RUNTIME_MAJOR, provides: false, external: true, needsProvided: true },
    singletons,
    treeShakenExports: { imports: metaData.sharedImports },
    sharedUiExports: {},
    sharedUiMembers: { imports: apiClientMembers(RELEASE_0_API_MEMBERS) },
  };
}

/**
 * A shell's contract from what it publishes: its mf-manifest.json (`manifest`),
 * else release 0's shared-exports.json (`sharedExports`), else `{ version: null }`.
 * A release-1 shell without sharedUiMembers provided only the moviegoers' calls on its client.
 */
export function shellContractOf({ manifest, sharedExports }) {
  const contract = manifest?.metaData?.contract;
  if (contract) return contract.sharedUiMembers ? contract : { ...contract, sharedUiMembers: { provides: apiClientMembers(MOVIEGOER_CALLS) } };
  if (!sharedExports) return { version: null };
  return {
    version: 0,
    federationRuntime: { major: RELEASE_0_RUNTIME_MAJOR, provides: true, external: false, needsProvided: false },
    singletons: Object.fromEntries(Object.entries(RELEASE_0_SINGLETONS).map(([name, version]) => [name, { version }])),
    treeShakenExports: { provides: sharedExports },
    sharedUiExports: { provides: RELEASE_0_SHARED_UI_EXPORTS },
    sharedUiMembers: { provides: apiClientMembers(RELEASE_0_API_MEMBERS) },
  };
}

function parseVersion(text) {
  const parts = text.replace(/^[v=]/, '').split(/[-+]/)[0].split('.');
  return [0, 1, 2].map((index) => Number(parts[index] ?? 0));
}

/**
 * Does `version` (x.y.z) satisfy `range`? The forms the catalog uses: `*`,
 * exact, `^`, `~`, `>=`, and `||` between them. A form it does not know is not
 * satisfied, so the check names it rather than passing it.
 */
export function satisfies(version, range) {
  const have = parseVersion(version);
  return range.split('||').some((alternative) => {
    const [, operator = '', bound] = /^\s*(\^|~|>=)?\s*(\S*)\s*$/.exec(alternative) ?? [];
    if (bound === undefined) return false;
    if (bound === '' || bound === '*' || bound === 'x') return true;
    const want = parseVersion(bound);
    if (want.some(Number.isNaN)) return false;
    const order = have[0] - want[0] || have[1] - want[1] || have[2] - want[2];
    if (operator === '>=') return order >= 0;
    if (operator === '') return order === 0;
    if (order < 0) return false;
    if (operator === '~') return have[0] === want[0] && have[1] === want[1];
    // ^: the left-most non-zero part stays the same.
    if (want[0] > 0) return have[0] === want[0];
    if (want[1] > 0) return have[0] === 0 && have[1] === want[1];
    return have[0] === 0 && have[1] === 0 && have[2] === want[2];
  });
}

/** The kinds of mismatch, each named in its message. */
export const MISMATCH = {
  contractAbsent: 'contract-absent',
  outsideWindow: 'outside-window',
  runtimeMissing: 'runtime-missing',
  runtimeMajor: 'runtime-major',
  singletonRange: 'singleton-range',
  treeShakenExport: 'tree-shaken-export',
  sharedUiExport: 'shared-ui-export',
  sharedUiMember: 'shared-ui-member',
};

/**
 * Why the remote with contract `remote` cannot run under the shell with
 * contract `shell`: a list of `{ kind, message }` (and the `library` and
 * export `name` of a missing export), empty when it can.
 * shared-ui is judged by its exports, not its version (an older shared-ui
 * range is fine while every export it imports is there).
 */
export function contractMismatches(remote, shell) {
  const found = [];
  const add = (kind, message, subject) => found.push({ kind, message, ...subject });
  for (const [side, contract] of [['remote', remote], ['shell', shell]]) {
    if (contract.version === null) add(MISMATCH.contractAbsent, `the ${side} publishes no contract: it was built before release 0, outside the support window`);
  }
  if (found.length) return found;
  if (Math.abs(remote.version - shell.version) > 1) {
    add(MISMATCH.outsideWindow, `the remote is of contract release ${remote.version} and the shell of ${shell.version}: the support window is one release apart`);
  }

  const runtime = remote.federationRuntime;
  const page = shell.federationRuntime;
  if (runtime.external && page.provides && runtime.major !== page.major) {
    add(MISMATCH.runtimeMajor, `federation runtime: the remote needs major ${runtime.major}, the shell provides major ${page.major}`);
  } else if (runtime.needsProvided && !page.provides) {
    add(MISMATCH.runtimeMissing, `federation runtime: the remote needs the page to provide one (major ${runtime.major}), the shell provides none`);
  }

  for (const [name, { accepts }] of Object.entries(remote.singletons ?? {})) {
    const provided = shell.singletons?.[name]?.version;
    if (name === 'shared-ui' || !provided || !accepts) continue;
    if (!satisfies(provided, accepts)) add(MISMATCH.singletonRange, `${name}: the shell provides ${provided}, the remote accepts ${accepts}`);
  }

  const providedLibraries = shell.treeShakenExports?.provides ?? {};
  for (const [library, names] of Object.entries(remote.treeShakenExports?.imports ?? {})) {
    // A library the shell does not tree-shake is provided whole.
    const available = providedLibraries[library];
    for (const name of available ? names : []) {
      if (!available.includes(name)) add(MISMATCH.treeShakenExport, `tree-shaken ${library}: ${name === '*' ? 'the whole module' : name} is not in the shell's build`, { library, name });
    }
  }

  const sharedUi = shell.sharedUiExports?.provides ?? [];
  for (const name of remote.sharedUiExports?.imports ?? []) {
    if (!sharedUi.includes(name)) add(MISMATCH.sharedUiExport, `shared-ui: ${name} is not in the shell's shared-ui`, { library: 'shared-ui', name });
  }

  // The members of an export's answer (the API client of useApi()) that the remote may call.
  const providedMembers = shell.sharedUiMembers?.provides ?? {};
  for (const [exported, members] of Object.entries(remote.sharedUiMembers?.imports ?? {})) {
    const available = providedMembers[exported] ?? [];
    for (const member of members) {
      if (!available.includes(member)) add(MISMATCH.sharedUiMember, `shared-ui: ${exported}()'s answer has no ${member} in the shell's shared-ui`, { library: 'shared-ui', name: exported, member });
    }
  }
  return found;
}
