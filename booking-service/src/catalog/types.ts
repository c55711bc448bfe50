/**
 * The movie catalogue in TMDB v3's response shapes. Two adapters implement it:
 * the built-in catalogue (embedded default) and the TMDB proxy (TMDB_API_KEY).
 * Image paths are TMDB-style relative paths ("/poster-603692.svg"); clients join
 * them with the configured image base URL.
 */

export interface TmdbGenre { id: number; name: string }

export interface TmdbMovieSummary {
  id: number;
  title: string;
  original_title: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string; // YYYY-MM-DD
  vote_average: number;
  vote_count: number;
  genre_ids: number[];
  adult: boolean;
  original_language: string;
  popularity: number;
  video: boolean;
}

export interface TmdbProductionCompany { id: number; name: string; logo_path: string | null; origin_country: string }

export interface TmdbMovieDetails extends Omit<TmdbMovieSummary, 'genre_ids'> {
  tagline: string;
  runtime: number; // minutes
  genres: TmdbGenre[];
  status: 'Rumored' | 'Planned' | 'In Production' | 'Post Production' | 'Released' | 'Canceled';
  budget: number; // USD, 0 when unknown
  revenue: number;
  production_companies: TmdbProductionCompany[];
  homepage: string;
  imdb_id: string | null;
  spoken_languages: { english_name: string; iso_639_1: string; name: string }[];
}

export interface TmdbCastMember {
  id: number;
  name: string;
  character: string;
  profile_path: string | null;
  order: number;
  known_for_department: string;
  gender: number;
  credit_id: string;
}

export interface TmdbCredits { id: number; cast: TmdbCastMember[]; crew: unknown[] }

export interface TmdbVideo {
  id: string;
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  key: string;
  site: string; // "YouTube" for TMDB; "Local" for the built-in catalogue's own player
  size: number;
  type: string; // "Trailer", "Teaser", ...
  official: boolean;
  published_at: string;
}

export interface TmdbVideos { id: number; results: TmdbVideo[] }

export interface TmdbPage<T> { page: number; results: T[]; total_pages: number; total_results: number }

export interface TmdbDatedPage<T> extends TmdbPage<T> { dates: { minimum: string; maximum: string } }

export type MovieListKind = 'now_playing' | 'upcoming' | 'top_rated' | 'popular';

/** Answer of a catalogue call: null means "no such movie" (the route answers 404). */
export interface Catalog {
  readonly name: 'builtin' | 'tmdb';
  movie(id: number): Promise<TmdbMovieDetails | null>;
  credits(id: number): Promise<TmdbCredits | null>;
  similar(id: number, page: number): Promise<TmdbPage<TmdbMovieSummary> | null>;
  videos(id: number): Promise<TmdbVideos | null>;
  list(kind: MovieListKind, page: number): Promise<TmdbPage<TmdbMovieSummary> | TmdbDatedPage<TmdbMovieSummary>>;
}

/** Raised by an adapter when the upstream catalogue cannot answer (down, timeout, bad key). */
export class CatalogUnavailableError extends Error {}
