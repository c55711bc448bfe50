/**
 * The TMDB v3 proxy (used when TMDB_API_KEY is set). Answers are cached in a
 * small in-memory LRU with a TTL, and concurrent identical requests share one
 * upstream call. Failures are never cached and their messages never carry the
 * API key (it travels only in the query string, which messages leave out).
 */
import { CatalogUnavailableError } from './types.ts';
import type { CatalogCredits, CatalogListKind, CatalogMovie, CatalogMovieSummary, CatalogVideos } from '../contract/catalog.ts';
import type { Catalog, TmdbDatedPage, TmdbPage } from './types.ts';

export interface TmdbCatalogOptions {
  apiKey: string;
  /** e.g. https://api.themoviedb.org/3 (no trailing slash needed). */
  baseUrl: string;
  timeoutMs: number;
  /** 0 turns caching off (in-flight sharing still applies). */
  cacheTtlSeconds: number;
  fetch?: typeof fetch;
  /** Clock in milliseconds, for cache expiry. */
  now?: () => number;
  maxEntries?: number;
}

type Validator = (body: Record<string, unknown>) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasMovie: Validator = (b) => typeof b.id === 'number' && typeof b.title === 'string';
const hasCredits: Validator = (b) => typeof b.id === 'number' && Array.isArray(b.cast);
const hasVideos: Validator = (b) => typeof b.id === 'number' && Array.isArray(b.results);
const hasPage: Validator = (b) =>
  typeof b.page === 'number' && Array.isArray(b.results) && typeof b.total_pages === 'number' && typeof b.total_results === 'number';

/** TMDB signals "no such resource" with HTTP 404 and/or status_code 34. */
const isNotFound = (status: number, body: unknown) => status === 404 || (isObject(body) && body.status_code === 34);

interface CacheEntry { value: unknown; expiresAt: number }

export function createTmdbCatalog(options: TmdbCatalogOptions): Catalog {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const ttlMs = options.cacheTtlSeconds * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<unknown>>();

  /** Belt and braces: strip the key should any lower layer echo the URL in an error. */
  const redact = (text: string) => (options.apiKey ? text.split(options.apiKey).join('***') : text);

  async function fetchJson(path: string, pageNumber: number | undefined, valid: Validator | 'list'): Promise<unknown> {
    const url = new URL(baseUrl + path);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('language', 'en-US');
    if (pageNumber !== undefined) url.searchParams.set('page', String(pageNumber));

    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CatalogUnavailableError(`TMDB did not answer ${path} within ${options.timeoutMs} ms`);
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      const reason = error instanceof Error ? error.message : String(error);
      throw new CatalogUnavailableError(redact(`Could not reach TMDB for ${path} (${reason}${cause})`));
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isNotFound(status, body)) {
      // A list always exists upstream; a 404 there means a wrong base URL, not "no such movie".
      if (valid === 'list') throw new CatalogUnavailableError(`TMDB has nothing at ${path} (HTTP ${status})`);
      return null;
    }
    if (status === 401) throw new CatalogUnavailableError('TMDB rejected the configured API key (HTTP 401)');
    if (status < 200 || status >= 300) throw new CatalogUnavailableError(`TMDB answered HTTP ${status} for ${path}`);
    if (!isObject(body) || !(valid === 'list' ? hasPage(body) : valid(body))) throw new CatalogUnavailableError(`TMDB sent an unexpected answer for ${path}`);
    return body;
  }

  function get(path: string, pageNumber: number | undefined, valid: Validator | 'list'): Promise<unknown> {
    const key = pageNumber === undefined ? path : `${path}?page=${pageNumber}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      if (hit.expiresAt > now()) {
        cache.set(key, hit);
        return Promise.resolve(hit.value);
      }
    }
    const pending = inFlight.get(key);
    if (pending) return pending;

    const request = fetchJson(path, pageNumber, valid)
      .then((value) => {
        // "Not found" (null) is a real answer and is cached like any other; errors never reach here.
        if (ttlMs > 0) {
          cache.set(key, { value, expiresAt: now() + ttlMs });
          while (cache.size > maxEntries) {
            const oldest = cache.keys().next().value;
            if (oldest === undefined) break;
            cache.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  const movieGet = <T>(id: number, suffix: string, valid: Validator, pageNumber?: number) =>
    get(`/movie/${id}${suffix}`, pageNumber, valid) as Promise<T | null>;

  return {
    name: 'tmdb',
    movie: (id) => movieGet<CatalogMovie>(id, '', hasMovie),
    credits: (id) => movieGet<CatalogCredits>(id, '/credits', hasCredits),
    similar: (id, pageNumber) => movieGet<TmdbPage<CatalogMovieSummary>>(id, '/similar', hasPage, pageNumber),
    videos: (id) => movieGet<CatalogVideos>(id, '/videos', hasVideos),
    async list(kind: CatalogListKind, pageNumber) {
      return (await get(`/movie/${kind}`, pageNumber, 'list')) as TmdbPage<CatalogMovieSummary> | TmdbDatedPage<CatalogMovieSummary>;
    },
  };
}
