/**
 * Responses the shell's entry asks for before its own chunks and the shared
 * libraries have arrived (federation/preload.ts, first-page-data.ts), kept
 * until the code that needs them takes them: the registry (remotes.json), the
 * bootstrap (app-config.json), the federation runtime (a remote's manifest)
 * and shared-ui's API client (the first page's data). Each is handed out once,
 * so a Retry or a refetch asks the network anew.
 */
const early = new Map<string, Promise<Response>>();

/** Fetches `url` now and keeps the response for its taker; resolves with a copy for the caller to read. */
export function fetchEarly(url: string, init?: RequestInit): Promise<Response> {
  const response = fetch(url, init);
  early.set(url, response);
  return response.then((r) => r.clone());
}

/** The response fetched early for `url`, handed out once; undefined when there is none. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
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
    early.set(url, Promise.resolve(new Response(inline, { headers: { 'content-type': 'application/json' } })));
    return Promise.resolve(JSON.parse(inline));
  }
  return fetchEarly(url, { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
    return response.json();
  });
}
