/**
 * Responses asked for before the shell's own code has arrived, kept until the
 * code that needs them takes them: the registry (remotes.json, a remote's
 * manifest), the bootstrap (app-config.json) and shared-ui's API client (the
 * first page's data). Each is handed out once, so a Retry or a refetch asks the
 * network anew.
 *
 * Two bundles use this module: the page's inline script (early/index.ts, which
 * fills it while the shell's scripts download) and the shell's entry (which
 * takes from it). They share one store on `window`, so it works across them.
 */
const STORE_KEY = '__marqueeEarlyResponses';

type EarlyStore = Map<string, Promise<Response>>;

function store(): EarlyStore {
  const holder = window as unknown as Record<typeof STORE_KEY, EarlyStore | undefined>;
  holder[STORE_KEY] ??= new Map();
  return holder[STORE_KEY];
}

/** Fetches `url` now and keeps the response for its taker; resolves with a copy for the caller to read. */
export function fetchEarly(url: string, init?: RequestInit): Promise<Response> {
  const response = fetch(url, init);
  // A failed request is the taker's to report; here it must not be an unhandled rejection.
  response.catch(() => {});
  store().set(url, response);
  return response.then((r) => r.clone());
}

/** The response fetched early for `url`, handed out once; undefined when there is none. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const response = store().get(url);
  store().delete(url);
  return response;
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
