/** library -> export names, as in a contract's treeShakenExports and release 0's shared-exports.json. */
export type SharedExports = Record<string, string[]>;

/** What one build publishes in its mf-manifest.json under metaData.contract (see shared-contract.mjs). */
export interface Contract {
  version: number;
  federationRuntime: { major: number; provides: boolean; external: boolean; needsProvided: boolean };
  singletons: Record<string, { version: string; accepts?: string }>;
  treeShakenExports: { imports?: SharedExports; provides?: SharedExports };
  sharedUiExports: { imports?: string[]; provides?: string[] };
  /** shared-ui export -> the members of its answer (the API client of useApi() and createApi()). */
  sharedUiMembers?: { imports?: Record<string, string[]>; provides?: Record<string, string[]> };
}

/** A build that publishes no contract and is not of release 0. */
export type NoContract = { version: null };

export type MismatchKind = 'contract-absent' | 'outside-window' | 'runtime-missing' | 'runtime-major' | 'singleton-range' | 'tree-shaken-export' | 'shared-ui-export' | 'shared-ui-member';
export interface Mismatch {
  kind: MismatchKind;
  message: string;
  /** A missing export's library and name. */
  library?: string;
  name?: string;
  /** A missing member of that export's answer. */
  member?: string;
}

export declare const CONTRACT_VERSION: number;
export declare const MANIFEST_FILE: 'mf-manifest.json';
export declare const SHARED_EXPORTS_FILE: 'shared-exports.json';
export declare const RELEASE_0_RUNTIME_MAJOR: number;
export declare const RELEASE_0_SHARED_UI_EXPORTS: string[];
export declare const RELEASE_0_API_MEMBERS: string[];
export declare const API_CLIENT_EXPORTS: string[];
export declare const OPTIONAL_SHARED_UI_EXPORTS: string[];
export declare function release0RemoteNeeds(): Contract;
export declare const MISMATCH: Record<'contractAbsent' | 'outsideWindow' | 'runtimeMissing' | 'runtimeMajor' | 'singletonRange' | 'treeShakenExport' | 'sharedUiExport' | 'sharedUiMember', MismatchKind>;

export declare function remoteContractOf(manifest: { metaData?: { contract?: Contract; sharedImports?: SharedExports }; shared?: { name: string; version: string; requiredVersion: string }[] } | null | undefined): Contract | NoContract;
export declare function shellContractOf(published: { manifest?: { metaData?: { contract?: Contract } } | null; sharedExports?: SharedExports | null }): Contract | NoContract;
export declare function satisfies(version: string, range: string): boolean;
export declare function contractMismatches(remote: Contract | NoContract, shell: Contract | NoContract): Mismatch[];
