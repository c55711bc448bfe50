/** library -> export names, as in shared-exports.json and a remote manifest's metaData.sharedImports. */
export type SharedExports = Record<string, string[]>;
export declare const SHARED_EXPORTS_FILE: 'shared-exports.json';
export declare const MANIFEST_FILE: 'mf-manifest.json';
export declare function sharedImportsOf(manifest: { metaData?: { sharedImports?: SharedExports } } | null | undefined): SharedExports;
export declare function missingExports(required: SharedExports, provided: SharedExports): string[];
