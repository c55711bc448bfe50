import type { DailySales, SalesSummary } from '../admin/sales.ts';
import type { Booking, BookingFilter, BookingWithDetails, BookingWithShow, CreateBookingResult, NewBooking } from '../bookings/booking.ts';
import type { BookingGuard, GuardedUpdate, GuardedUpdateResult } from '../bookings/lifecycle.ts';
import type { NewOutboxMessage, OutboxMessage } from '../email/outbox.ts';
import type { LocalCheckoutSession, NewLocalCheckoutSession } from '../payments/local/checkout-session.ts';
import type { Movie, SeatState, Show, ShowWithMovie, ShowWithSeats } from '../shows/show.ts';
import type { User } from '../users/user.ts';

/**
 * The store the domains talk to (its records are the domains' models). Each database adapter
 * (PGlite/PostgreSQL, MongoDB) implements these interfaces with the same behaviour, and the
 * repository contract tests run against every adapter.
 */

export interface Page<T> { items: T[]; total: number }

export interface MovieRepository {
  /** Inserts the movie or refreshes its catalogue details. */
  upsert(movie: Movie): Promise<void>;
  get(id: string): Promise<Movie | null>;
  /** Every movie's id (the public reads answer unknown ids from memory: http/known-ids.ts). */
  ids(): Promise<string[]>;
  /** Movies with at least one show starting after `now`, once each, soonest next show first. */
  withUpcomingShows(now: Date): Promise<Movie[]>;
  count(): Promise<number>;
}

export interface ShowRepository {
  /** Creates the shows that do not exist yet for that movie and instant; returns how many were new. */
  addMany(movieId: string, shows: { startsAt: Date; priceCents: number }[]): Promise<number>;
  get(id: string): Promise<ShowWithMovie | null>;
  /** Every show's id, past ones included (see MovieRepository.ids). */
  ids(): Promise<string[]>;
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
  /** The account's bookings without their shows (what the hold policy weighs), newest first. */
  listOwn(userId: string): Promise<Booking[]>;
  list(filter: BookingFilter, page: { offset: number; limit: number }): Promise<Page<BookingWithDetails>>;
  salesSummary(): Promise<SalesSummary>;

  /**
   * The one way a booking changes after it is created: applies the changes and the seat effect in
   * one atomic write if the stored booking still matches the guard (bookings/lifecycle.ts declares
   * every such update). `changed` says whether this call made the change; a retake that finds a
   * seat in another booking changes nothing and names the taken seats. Null when unknown.
   */
  updateIf(id: string, update: GuardedUpdate): Promise<GuardedUpdateResult | null>;
  /** Bookings matching the guard, oldest first by the given instant (the id breaks ties). */
  listMatching(guard: BookingGuard, oldestFirstBy: 'holdExpiresAt' | 'createdAt', limit: number): Promise<Booking[]>;
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
  /** Whether a message of this kind about this booking is in the outbox. */
  existsFor(bookingId: string, kind: string): Promise<boolean>;
  /**
   * Moves messages that guarded updates queued alongside bookings into the outbox, each exactly once
   * (by its id), whatever the concurrency; returns how many it moved. MongoDB keeps them on the booking
   * document until then; PostgreSQL writes them to the outbox in the update's transaction (none to move).
   */
  collectQueued(limit: number): Promise<number>;
  list(limit: number): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | null>;
  markSent(id: string, sentAt: Date): Promise<OutboxMessage | null>;
  /** Counts a failed attempt and schedules the next one (null: give up). */
  markFailed(id: string, failure: { error: string; nextAttemptAt: Date | null }): Promise<OutboxMessage | null>;
  /**
   * Unsent messages due by `now`, each claimed with a conditional update that moves its next
   * attempt to `leaseUntil`: with several instances, each message is claimed by one of them.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessage[]>;
}

/** Ids of the payment provider's webhook events already received: each is processed once. */
export interface WebhookEventRepository {
  /** Records the event id; true when it is new, false when it was recorded before (a duplicate). */
  recordOnce(event: { id: string; type: string; receivedAt: Date }): Promise<boolean>;
  /** Forgets an event whose processing failed, so the provider's retry is processed. */
  forget(id: string): Promise<void>;
}

/** The local checkout's payment sessions (what Stripe keeps for Stripe Checkout). */
export interface CheckoutSessionRepository {
  create(session: NewLocalCheckoutSession): Promise<LocalCheckoutSession>;
  get(id: string): Promise<LocalCheckoutSession | null>;
  /** open and not expired by `now` -> complete and paid, conditionally. */
  complete(id: string, payment: { now: Date; paymentIntentId: string }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /** open -> expired, conditionally. */
  expire(id: string): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /** Records a refund of a paid session once; a second refund answers the first. */
  refund(id: string, refund: { refundId: string; amountCents: number }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
}

/** Aggregates for the admin dashboard, computed by the database. */
export interface ReportRepository {
  /** Paid bookings since `from`, grouped by the day they were paid in `timeZone`, oldest first. */
  dailySales(from: Date, timeZone: string): Promise<DailySales[]>;
}

/** Rows of the core tables the service never deletes from. */
export interface TableCounts { movies: number; shows: number; bookings: number }

/** The database's identity: written once when the service first set it up. */
export interface StoreIdentity {
  id: string;
  createdAt: Date;
  /** The most rows each core table has held (recorded by the integrity checks). */
  seen: TableCounts;
}

/** What the integrity checks (src/integrity/) read; every store answers the same questions. */
export interface IntegrityRepository {
  /** The identity record, or null when the database has none (new, or emptied). */
  identity(): Promise<StoreIdentity | null>;
  /** Writes the identity if the database has none (one wins among several instances); the identity now stored. */
  initialise(identity: { id: string; createdAt: Date }): Promise<StoreIdentity>;
  /** Reads every core table; throws an error naming the table that cannot be read. */
  countRows(): Promise<TableCounts>;
  /** Raises the recorded most rows to these counts (never lowers them). */
  recordSeen(counts: TableCounts): Promise<void>;
  /**
   * The seat ledger against the bookings: live (held or paid) bookings whose seats the ledger does
   * not hold, and ledger entries of no live booking.
   */
  ledgerMismatches(): Promise<{ bookingsMissingSeats: number; seatsWithoutLiveBooking: number }>;
}

/**
 * What changed, for the instances' read caches and live seat maps. `resync` means
 * changes may have been missed (the listening connection dropped): forget everything.
 */
export type Change = { kind: 'seats'; showId: string } | { kind: 'schedule'; movieId: string } | { kind: 'resync' };

/** Changes shared by every service instance on one database. */
export interface ChangeBus {
  /** Tells this instance's subscribers at once; the other instances hear of it through the database. */
  publish(change: Change): Promise<void>;
  /** Calls `listener` for every change published on any instance; returns the unsubscribe. */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * True when other instances' changes arrive through the bus (PostgreSQL LISTEN/NOTIFY,
   * MongoDB change streams, or a store only one process can open); false when watchers
   * must poll the database to see them (MongoDB without change streams).
   */
  readonly crossInstance: boolean;
}

export interface Store {
  /** Changes published by every instance on this database. */
  changes: ChangeBus;
  movies: MovieRepository;
  shows: ShowRepository;
  bookings: BookingRepository;
  users: UserRepository;
  outbox: OutboxRepository;
  webhookEvents: WebhookEventRepository;
  checkoutSessions: CheckoutSessionRepository;
  reports: ReportRepository;
  integrity: IntegrityRepository;
  readonly driver: string;
  close(): Promise<void>;
}
