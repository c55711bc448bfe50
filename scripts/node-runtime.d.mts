/** Types of node-runtime.mjs for the TypeScript that imports it (the packages' vitest configs). */
export declare const PINNED_NODE_VERSION: string;
export declare function isSupportedNode(version?: string): boolean;
export declare function requireSupportedNodeFor(tool: string): void;
