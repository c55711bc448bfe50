import type { Catalog } from '../catalog/types.ts';
import type { Movie } from './show.ts';

export const CAST_LIMIT = 12;

/** Reads a movie and its billing from the catalogue in the shape the store keeps; null when unknown. */
export async function movieFromCatalog(catalog: Catalog, id: number): Promise<Movie | null> {
  const [details, credits] = await Promise.all([catalog.movie(id), catalog.credits(id)]);
  if (!details) return null;
  const cast = [...(credits?.cast ?? [])].sort((a, b) => a.order - b.order).slice(0, CAST_LIMIT);
  return {
    id: String(details.id),
    title: details.title,
    tagline: details.tagline ?? '',
    overview: details.overview ?? '',
    posterPath: details.poster_path,
    backdropPath: details.backdrop_path,
    releaseDate: details.release_date ?? '',
    runtime: details.runtime ?? 0,
    genres: details.genres.map((g) => ({ id: g.id, name: g.name })),
    voteAverage: details.vote_average,
    voteCount: details.vote_count,
    originalLanguage: details.original_language,
    casts: cast.map((c) => ({ name: c.name, character: c.character, profile_path: c.profile_path })),
  };
}
