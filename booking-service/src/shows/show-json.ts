import { toUnits } from '../contract/money.ts';
import type { Movie, Show } from '../contract/schemas.ts';
import type { Movie as StoredMovie, ShowWithMovie, ShowWithSeats } from './show.ts';

/** Shows and movies -> the JSON field names of spec §3. */

export function movieJson(movie: StoredMovie): Movie {
  return {
    _id: movie.id,
    title: movie.title,
    tagline: movie.tagline,
    overview: movie.overview,
    poster_path: movie.posterPath,
    backdrop_path: movie.backdropPath,
    release_date: movie.releaseDate,
    runtime: movie.runtime,
    genres: movie.genres,
    vote_average: movie.voteAverage,
    vote_count: movie.voteCount,
    original_language: movie.originalLanguage,
    casts: movie.casts,
  };
}

export function showJson(show: ShowWithSeats): Show {
  return {
    _id: show.id,
    movie: movieJson(show.movie),
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    occupiedSeats: show.occupiedSeats,
  };
}

export function bookingShowJson(show: ShowWithMovie) {
  return { _id: show.id, showDateTime: show.startsAt.toISOString(), showPrice: toUnits(show.priceCents), movie: movieJson(show.movie) };
}
