/**
 * The page's early responses: what the shell's inline script asked for before any app code ran (remotes.json,
 * a remote's manifest, the first page's API reads), kept on the page's global object until the code that needs them takes
 * them. One store for every bundle of the page: the shell's early script and entry, and each remote's own
 * request code (api/request.ts), so a remote takes its first page's reads without asking the shell's code for
 * them. Every shell since release 0 keeps it under this name; without one (a standalone page), nothing is taken.
 */
const STORE_KEY = '__marqueeEarlyResponses';

type EarlyStore = Map<string, Promise<Response>>;

/** The page's store of early responses, made on first use. */
export function earlyResponseStore(): EarlyStore {
  const holder = globalThis as unknown as Record<typeof STORE_KEY, EarlyStore | undefined>;
  holder[STORE_KEY] ??= new Map();
  return holder[STORE_KEY];
}

/** The response fetched early for `url`, handed out once; undefined when there is none. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const store = earlyResponseStore();
  const response = store.get(url);
  store.delete(url);
  return response;
}
