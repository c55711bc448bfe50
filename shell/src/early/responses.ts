/**
 * Responses asked for before the shell's own code has arrived, kept until the
 * code that needs them takes them: the registry (remotes.json, a remote's
 * manifest), the bootstrap (app-config.json) and the remote's own request code
 * (the first page's data). Each is handed out once, so a Retry or a refetch asks the
 * network anew.
 *
 * Every bundle of the page uses one store on `window` (shared-ui's early-responses.ts): the page's inline
 * script (early/index.ts) fills it while the shell's scripts download, the shell's entry and each remote's own
 * request code take from it.
 */
import { earlyResponseStore as store } from 'shared-ui/early-responses';

export { takeEarlyResponse } from 'shared-ui/early-responses';

/** Fetches `url` now and keeps the response for its taker; resolves with a copy for the caller to read. */
export function fetchEarly(url: string, init?: RequestInit): Promise<Response> {
  const response = fetch(url, init);
  // A failed request is the taker's to report; here it must not be an unhandled rejection.
  response.catch(() => {});
  store().set(url, response);
  return response.then((r) => r.clone());
}

/**
 * The run-time config file at `url` (/remotes.json, /app-config.json): read
 * from the page when the deployment inlined it (scripts/inline-runtime-config.mjs),
 * otherwise fetched now. Either way its taker gets it as a response.
 */
export function runtimeConfigEarly(url: string): Promise<unknown> {
  const inline = document.querySelector<HTMLScriptElement>(`script[type="application/json"][data-runtime-config="${url}"]`)?.textContent;
  if (inline) {
    store().set(url, Promise.resolve(new Response(inline, { headers: { 'content-type': 'application/json' } })));
    return Promise.resolve(JSON.parse(inline));
  }
  return fetchEarly(url, { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
    return response.json();
  });
}
