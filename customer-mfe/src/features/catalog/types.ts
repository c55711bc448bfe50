/**
 * The fields of the catalogue's TMDB v3 answers these screens read (the service
 * proxies TMDB or serves its built-in catalogue in the same shapes). The
 * service's contract module does not export catalogue types yet; these follow
 * TMDB's public API.
 */
export interface CatalogMovieSummary {
  id: number;
  title: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string;
  vote_average: number;
  vote_count: number;
  genre_ids: number[];
  adult: boolean;
  original_language: string;
}

export interface CatalogMovie extends Omit<CatalogMovieSummary, 'genre_ids'> {
  tagline: string;
  runtime: number | null;
  genres: { id: number; name: string }[];
  status: string;
  budget: number;
  production_companies: { id: number; name: string; logo_path: string | null; origin_country: string }[];
  spoken_languages?: { english_name: string; iso_639_1: string; name: string }[];
}

export interface CatalogCredits {
  id: number;
  cast: { id: number; name: string; character: string; profile_path: string | null }[];
}

export interface CatalogPage<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

export type CatalogListKind = 'now_playing' | 'upcoming' | 'top_rated' | 'popular';
