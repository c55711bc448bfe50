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

/** The price of the seat types other than standard, in cents, where a show sets one (a type left out costs standard). */
export type SeatPriceCents = Partial<Record<'premium' | 'wheelchair' | 'companion', number>>;

/** A show on one screen; `priceCents` is the standard seat's price (the spec's showPrice). */
export interface Show {
  id: string;
  movieId: string;
  startsAt: Date;
  priceCents: number;
  screenId: string;
  seatPriceCents: SeatPriceCents;
  /**
   * When staff cancelled the show (a state, never a deletion): it is no longer listed to moviegoers nor bookable,
   * and its bookings were refunded or released (admin/show-cancellation.ts). Null: on.
   */
  cancelledAt: Date | null;
}

/** What adding a show takes; without a screen it goes to the default cinema's first screen, with no other seat prices. */
export interface NewShow { startsAt: Date; priceCents: number; screenId?: string; seatPriceCents?: SeatPriceCents }

export interface ShowWithMovie extends Show { movie: Movie }

export type SeatState = 'held' | 'paid';

/** A show with its ledger: seat id -> held or paid. */
export interface ShowWithSeats extends ShowWithMovie { occupiedSeats: Record<string, SeatState> }
