/**
 * Stands in for `cookie` and `set-cookie-parser` in the shell's build
 * (rspack.config.mjs aliases them here). React Router imports them for its
 * server-side cookie helpers, which no browser app calls; an alias to `false`
 * left two empty modules in a file of their own, one more request on the
 * first visit. Whoever calls one in a browser learns why it is missing.
 */
function serverOnly(name) {
  return () => {
    throw new Error(`${name} is a server-side cookie helper and is left out of the browser build (shell/rspack.config.mjs)`);
  };
}

export const parse = serverOnly('parse');
export const serialize = serverOnly('serialize');
export const splitCookiesString = serverOnly('splitCookiesString');
