/** A show of a movie, and the movie as the platform stores it (from the catalogue). */

export interface CastMember { name: string; character: string; profile_path: string | null }

export interface Movie {
  id: string;
  title: string;
  tagline: string;
  overview: string;
  posterPath: string | null;
  backdropPath: string | null;
  releaseDate: string;
  runtime: number;
  genres: { id: number; name: string }[];
  voteAverage: number;
  voteCount: number;
  originalLanguage: string;
  casts: CastMember[];
}

export interface Show { id: string; movieId: string; startsAt: Date; priceCents: number }

export interface ShowWithMovie extends Show { movie: Movie }

export type SeatState = 'held' | 'paid';

/** A show with its ledger: seat id -> held or paid. */
export interface ShowWithSeats extends ShowWithMovie { occupiedSeats: Record<string, SeatState> }
