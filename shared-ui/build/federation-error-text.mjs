/**
 * Stands in for @module-federation/error-codes' dist/desc.mjs in production builds (FederationErrorTextPlugin,
 * shared-ui/federation.mjs). That file is one sentence per error code, about 0.55 KiB gzip in the shell's entry
 * and as much in every remote's remoteEntry.js, all of it on a first visit's path. Without it an error the
 * runtime throws still carries everything needed to act on it: its code (#RUNTIME-008), the link to that code's
 * entry on module-federation.io's troubleshooting page, the arguments and the original error (getShortErrorMsg).
 */
const text = new Proxy({}, { get: (_, code) => (typeof code === 'string' ? 'Module Federation error' : undefined) });

export const runtimeDescMap = text;
export const typeDescMap = text;
export const buildDescMap = text;
export const errorDescMap = text;
