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
/**
 * A payment that arrived for a cancelled booking whose seats were taken again:
 * pending (to refund, or retrying), refunded, or failed (the provider refused; support acts).
 */
export type RefundStatus = 'pending' | 'refunded' | 'failed';

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
  /** The provider's record of the payment (Stripe PaymentIntent id), once paid. */
  paymentIntentId: string | null;
  holdExpiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
  /** Short unguessable code printed on the e-ticket (and in its QR code). */
  ticketCode: string;
  refundStatus: RefundStatus | null;
  /** Why the payment is refunded, and what happened (for support). */
  refundReason: string | null;
  refundId: string | null;
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
  /** Where the customer pays; the payment session's url is attached once the provider answers. */
  paymentLink: string | null;
  createdAt: Date;
  ticketCode: string;
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

/** Paid sales of one theatre-local day. */
export interface DailySales { date: string; revenueCents: number; tickets: number }

export interface OutboxMessage {
  id: string;
  bookingId: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  /** When it was handed to the SMTP server (or, without one, stored as delivered to the outbox). */
  sentAt: Date | null;
  /** Failed delivery attempts so far, and the last error. */
  attempts: number;
  lastError: string | null;
  /** When an unsent message is next due for delivery (null: not scheduled). */
  nextAttemptAt: Date | null;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt' | 'attempts' | 'lastError' | 'nextAttemptAt'> & {
  sentAt?: Date | null;
  nextAttemptAt?: Date | null;
};

/** The outcome of a conditional change: the booking as it now is, and whether this call changed it. */
export interface Transition { booking: Booking; changed: boolean }

/** Re-taking the seats of a cancelled booking for a payment that came after its hold. */
export type RetakeResult =
  | { outcome: 'confirmed'; booking: Booking }
  | { outcome: 'seats-taken'; takenSeats: string[]; booking: Booking }
  /** The booking is not cancelled (any more), or is already flagged for refund: nothing changed. */
  | { outcome: 'not-cancelled'; booking: Booking };

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

/** A payment session of the local checkout (the embedded stand-in for Stripe Checkout). */
export interface LocalCheckoutSession {
  id: string;
  bookingId: string;
  amountCents: number;
  currency: string;
  description: string;
  status: CheckoutSessionStatus;
  paymentStatus: 'paid' | 'unpaid';
  paymentIntentId: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
  refundId: string | null;
  refundedCents: number;
}

export type NewLocalCheckoutSession = Omit<
  LocalCheckoutSession,
  'status' | 'paymentStatus' | 'paymentIntentId' | 'completedAt' | 'refundId' | 'refundedCents'
>;

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

  /**
   * Records the payment session and its url on a held, unpaid booking that has no session yet
   * (conditional: the first session wins); null when that did not happen.
   */
  attachPaymentSession(id: string, session: { sessionId: string; paymentLink: string }): Promise<Booking | null>;
  /**
   * held and unpaid -> paid, conditionally (one caller wins, whatever the concurrency), recording
   * the provider's payment id; `changed` says whether this call made it. Null when unknown.
   */
  confirmPayment(id: string, payment: { now: Date; paymentIntentId: string | null }): Promise<Transition | null>;
  /**
   * held and unpaid -> cancelled, conditionally, releasing its seats in the same write and clearing
   * the payment link. With `expiredBy`, only if the hold ended by then. Null when unknown.
   */
  cancelHold(id: string, options?: { expiredBy?: Date }): Promise<Transition | null>;
  /** Held, unpaid bookings whose hold ended by `now`, oldest hold first. */
  listExpiredHolds(now: Date, limit: number): Promise<Booking[]>;
  /** Held, unpaid bookings with a payment session, to check with the provider; oldest first. */
  listAwaitingPayment(limit: number): Promise<Booking[]>;
  /**
   * A payment arrived for a cancelled booking: re-takes all its seats and marks it paid in one
   * atomic write, or takes nothing and names the seats now held by others. Null when unknown.
   */
  retakeSeats(id: string, payment: { now: Date; paymentIntentId: string | null }): Promise<RetakeResult | null>;
  /** cancelled, not yet flagged -> refund pending, keeping the payment on record (conditional). */
  flagRefund(id: string, refund: { paymentIntentId: string | null; reason: string }): Promise<Transition | null>;
  /** pending -> refunded / failed (or still pending, with a new note), conditionally. */
  setRefundOutcome(
    id: string,
    outcome: { status: RefundStatus; refundId?: string | null; reason: string },
  ): Promise<Transition | null>;
  /** Bookings with a refund still to make, oldest first. */
  listPendingRefunds(limit: number): Promise<Booking[]>;
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

export interface Store {
  movies: MovieRepository;
  shows: ShowRepository;
  bookings: BookingRepository;
  users: UserRepository;
  outbox: OutboxRepository;
  webhookEvents: WebhookEventRepository;
  checkoutSessions: CheckoutSessionRepository;
  reports: ReportRepository;
  readonly driver: string;
  close(): Promise<void>;
}
