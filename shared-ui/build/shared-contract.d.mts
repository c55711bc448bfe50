/** library -> export names, as in shared-exports.json and shared-imports.json. */
export type SharedExports = Record<string, string[]>;
export declare const SHARED_EXPORTS_FILE: 'shared-exports.json';
export declare const SHARED_IMPORTS_FILE: 'shared-imports.json';
export declare function missingExports(required: SharedExports, provided: SharedExports): string[];
