/**
 * The store the routes talk to. Each database adapter (PostgreSQL/PGlite now,
 * MongoDB later) implements these interfaces with the same behaviour, and the
 * repository contract tests run against every adapter.
 */

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

export interface User { id: string; name: string; email: string }

export type BookingStatus = 'held' | 'paid' | 'cancelled';

export interface Booking {
  id: string;
  userId: string;
  showId: string;
  seats: string[];
  amountCents: number;
  status: BookingStatus;
  isPaid: boolean;
  paymentLink: string | null;
  paymentSessionId: string | null;
  holdExpiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
}

export interface BookingWithShow extends Booking { show: ShowWithMovie }
export interface BookingWithDetails extends BookingWithShow { user: User }

export interface NewBooking {
  id: string;
  userId: string;
  showId: string;
  seats: string[];
  amountCents: number;
  holdExpiresAt: Date;
  paymentLink: string;
  createdAt: Date;
}

/** Either the booking with its seats reserved, or the seats someone else holds. */
export type CreateBookingResult = { ok: true; booking: Booking } | { ok: false; takenSeats: string[] };

export interface BookingFilter {
  bookingId?: string;
  movieId?: string;
  /** Show date in the theatre's time zone, as [start, end) instants. */
  showsBetween?: { from: Date; to: Date };
  isPaid?: boolean;
  userId?: string;
}

export interface Page<T> { items: T[]; total: number }

export interface SalesSummary { paidBookings: number; revenueCents: number }

export interface OutboxMessage {
  id: string;
  bookingId: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  sentAt: Date | null;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt'> & { sentAt?: Date | null };

export interface MovieRepository {
  /** Inserts the movie or refreshes its catalogue details. */
  upsert(movie: Movie): Promise<void>;
  get(id: string): Promise<Movie | null>;
  /** Movies with at least one show starting after `now`, once each, soonest next show first. */
  withUpcomingShows(now: Date): Promise<Movie[]>;
  count(): Promise<number>;
}

export interface ShowRepository {
  /** Creates the shows that do not exist yet for that movie and instant; returns how many were new. */
  addMany(movieId: string, shows: { startsAt: Date; priceCents: number }[]): Promise<number>;
  get(id: string): Promise<ShowWithMovie | null>;
  upcomingForMovie(movieId: string, now: Date): Promise<Show[]>;
  /** Upcoming shows (or all when `includePast`) with movie and seat ledger, soonest first. */
  listWithSeats(options: { from?: Date }): Promise<ShowWithSeats[]>;
  countUpcoming(now: Date): Promise<number>;
  /** Seats held or sold for a show. */
  occupiedSeats(showId: string): Promise<Record<string, SeatState>>;
}

export interface BookingRepository {
  /** Atomically reserves every seat and records the booking, or reserves nothing. */
  create(booking: NewBooking): Promise<CreateBookingResult>;
  get(id: string): Promise<Booking | null>;
  getWithDetails(id: string): Promise<BookingWithDetails | null>;
  findByPaymentSession(sessionId: string): Promise<Booking | null>;
  listForUser(userId: string): Promise<BookingWithShow[]>;
  list(filter: BookingFilter, page: { offset: number; limit: number }): Promise<Page<BookingWithDetails>>;
  /** Marks paid if not already; returns the booking as it now is, or null when unknown. */
  markPaid(id: string, now: Date): Promise<Booking | null>;
  salesSummary(): Promise<SalesSummary>;
}

export interface UserRepository {
  /** Creates the user or refreshes name and email from the latest token. */
  upsert(user: User): Promise<void>;
  get(id: string): Promise<User | null>;
  count(): Promise<number>;
  favoriteMovies(userId: string): Promise<Movie[]>;
  /** Adds the movie to favourites, or removes it when present; returns whether it is now a favourite. */
  toggleFavorite(userId: string, movieId: string): Promise<boolean>;
}

export interface OutboxRepository {
  add(message: NewOutboxMessage): Promise<OutboxMessage>;
  list(limit: number): Promise<OutboxMessage[]>;
}

export interface Store {
  movies: MovieRepository;
  shows: ShowRepository;
  bookings: BookingRepository;
  users: UserRepository;
  outbox: OutboxRepository;
  readonly driver: string;
  close(): Promise<void>;
}
