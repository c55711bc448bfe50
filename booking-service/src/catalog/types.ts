/**
 * The movie catalogue in TMDB v3's response shapes (their schemas and types are
 * the contract's: contract/catalog.ts). Two adapters implement it:
 * the built-in catalogue (embedded default) and the TMDB proxy (TMDB_API_KEY).
 * Image paths are TMDB-style relative paths ("/poster-603692.svg"); clients join
 * them with the configured image base URL.
 */

import type { CatalogListKind, CatalogCredits, CatalogMovie, CatalogMovieSummary, CatalogVideos } from '../contract/catalog.ts';

export interface TmdbPage<T> { page: number; results: T[]; total_pages: number; total_results: number }

export interface TmdbDatedPage<T> extends TmdbPage<T> { dates: { minimum: string; maximum: string } }

/** Answer of a catalogue call: null means "no such movie" (the route answers 404). */
export interface Catalog {
  readonly name: 'builtin' | 'tmdb';
  movie(id: number): Promise<CatalogMovie | null>;
  credits(id: number): Promise<CatalogCredits | null>;
  similar(id: number, page: number): Promise<TmdbPage<CatalogMovieSummary> | null>;
  videos(id: number): Promise<CatalogVideos | null>;
  list(kind: CatalogListKind, page: number): Promise<TmdbPage<CatalogMovieSummary> | TmdbDatedPage<CatalogMovieSummary>>;
}

/** Raised by an adapter when the upstream catalogue cannot answer (down, timeout, bad key). */
export class CatalogUnavailableError extends Error {}
