import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { cinemaRefJson, screenRefJson } from '../cinemas/cinema-json.ts';
import { toUnits } from '../contract/money.ts';
import type { Movie, Show } from '../contract/schemas.ts';
import { seatPricesOf } from './seat-prices.ts';
import type { Show as StoredShow, Movie as StoredMovie, ShowWithMovie, ShowWithSeats } from './show.ts';

/** The chain as the JSON reads it: a show's screen and cinema. */
export type Places = Pick<CinemaDirectory, 'place'>;

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

/** Where a show is (its cinema and screen) and its price of each seat type. */
export function showPlaceJson(show: StoredShow, places: Places) {
  const place = places.place(show.screenId);
  return {
    ...(place && { cinema: cinemaRefJson(place.cinema), screen: screenRefJson(place.screen) }),
    seatPrices: seatPricesOf(show),
  };
}

export function showJson(show: ShowWithSeats, places: Places): Show {
  return {
    _id: show.id,
    movie: movieJson(show.movie),
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    occupiedSeats: show.occupiedSeats,
    ...showPlaceJson(show, places),
  };
}

export function bookingShowJson(show: ShowWithMovie, places?: Places) {
  return {
    _id: show.id,
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    movie: movieJson(show.movie),
    ...(places && showPlaceJson(show, places)),
  };
}
