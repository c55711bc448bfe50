import { Schema } from 'mongoose';
import { MAX_SEATS_PER_BOOKING } from '../../contract/seats/hall.ts';
import { anyLayoutSeatsProblem, layoutProblem, type ScreenLayout } from '../../contract/seats/layout.ts';
import type { Cinema, Screen } from '../../cinemas/cinema.ts';
import { TICKET_CODE_PATTERN } from '../../bookings/ticket-code.ts';
import { BOOKING_STATUSES, CONFIRMATION_STATES, REFUND_STATUSES, type Booking, type ConfirmationState, type SeatReturn } from '../../bookings/booking.ts';
import type { CheckoutSessionStatus, LocalCheckoutSession } from '../../payments/local/checkout-session.ts';
import type { Movie, Show } from '../../shows/show.ts';
import type { User } from '../../identity/user.ts';
import type { OutboxMessage } from '../../email/outbox.ts';
import { SUPPORT_ACTION_KINDS, type SupportAction } from '../../support/support-actions.ts';
import { CHECK_IN_OUTCOMES, type CheckIn } from '../../check-in/check-in.ts';

/**
 * The documents the MongoDB store keeps, one collection each, with the
 * validation and indexes the queries need. Ids are strings (UUIDs, movie ids
 * from the catalogue, token subjects), so the API looks the same on every store.
 */

export const COLLECTIONS = {
  movies: 'movies',
  shows: 'shows',
  users: 'users',
  favorites: 'favorites',
  bookings: 'bookings',
  outbox: 'outbox',
  webhookEvents: 'webhook_events',
  checkoutSessions: 'checkout_sessions',
  storeIdentity: 'store_identity',
  supportActions: 'support_actions',
  checkIns: 'check_ins',
  cinemas: 'cinemas',
  screenSchedules: 'screen_schedules',
} as const;

/** A record of the domain as a document: the same fields, its `id` kept as `_id`. */
type Stored<T extends { id: string }> = Omit<T, 'id'> & { _id: string };

export interface MovieDocument extends Stored<Movie> {
  createdAt: Date;
}

export interface ShowDocument extends Stored<Show> {
  createdAt: Date;
  /** Overlapped another live show when its screen's schedule was first built: kept, listed for staff. */
  scheduleConflict?: boolean;
}

/** A cinema with its screens in one document (the chain is small and read whole at start). */
export interface CinemaDocument extends Omit<Stored<Cinema>, 'screens'> {
  screens: Screen[];
  /** The chain's order. */
  position: number;
  createdAt: Date;
}

export interface UserDocument extends Stored<User> {
  createdAt: Date;
}

export interface FavoriteDocument {
  _id: string;
  userId: string;
  movieId: string;
  createdAt: Date;
}

/**
 * A booking, with its seats. `live` is true while the booking holds its seats
 * (held or paid) and false once cancelled: the partial unique index on
 * (showId, seats) over live bookings is the seat ledger. `movieId` and
 * `showStartsAt` copy the show's (immutable) movie and instant so the admin
 * filters are plain indexed queries on this collection.
 */
/** A return of seats as stored on its booking's document (`seatReturns`): written in the same update that took its seats off. */
export type SeatReturnDocument = Stored<SeatReturn>;

export interface BookingDocument extends Omit<Stored<Booking>, 'confirmation' | 'admittedAt' | 'cancelledAt' | 'returnedSeats' | 'returnedCents'> {
  movieId: string;
  showStartsAt: Date;
  live: boolean;
  /** Absent on documents written before e-tickets were tracked: reads as null. */
  confirmation?: ConfirmationState | null;
  /** Absent on documents written before migration 0018 (the store's start-up fills it from the check-in log: admissions-migration.ts): reads as null. */
  admittedAt?: Date | null;
  cancelledAt?: Date | null;
  /**
   * Who admitted the ticket, written with `admittedAt` in the same update: the check-in log's entry is written after
   * it (no multi-document transaction here), so a scan that finds the booking admitted but its entry not yet logged
   * (the admitting instance between its two writes, or stopped there) logs it from this and names the door.
   */
  admittedBy?: AdmittedBy;
  /**
   * An email queued in the same update as the booking's change (the e-ticket with the payment),
   * until the mailer moves it into the outbox (by its id, so exactly once): MongoDB's outbox.
   */
  queuedEmail?: OutboxDocument;
  /** Absent on documents written before seats could be given back (migration 0022): none given back. */
  returnedSeats?: string[];
  returnedCents?: number;
  /**
   * Each return of seats, pushed in the conditional update that shrinks `seats` (the seat ledger's unique
   * index then no longer holds them): the return, the release and the refund owed are one write. Its refund's outcome
   * is recorded on it while it is pending.
   */
  seatReturns?: SeatReturnDocument[];
}

export type OutboxDocument = Stored<OutboxMessage>;

/** The scan that admitted a booking (the check-in log entry's fields but its time, which is `admittedAt`). */
export type AdmittedBy = Pick<CheckIn, 'code' | 'door' | 'staffId' | 'staffName'>;

/** A webhook event already received; `_id` is the provider's event id. */
export interface WebhookEventDocument {
  _id: string;
  type: string;
  receivedAt: Date;
  failedAt?: Date | null;
}

/** A payment session of the local checkout, stored as it is; `_id` is its session id. */
export type CheckoutSessionDocument = Stored<LocalCheckoutSession>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function options(collection: string) {
  return {
    collection,
    // Unknown fields are an error, not silently dropped; so is a query on a field the schema lacks.
    strict: 'throw' as const,
    strictQuery: 'throw' as const,
    versionKey: false as const,
    id: false,
    // Indexes are created once at start by the store (see models.ts), before it serves.
    autoIndex: false,
    autoCreate: false,
  };
}

// Field builders. Strings that may be empty cannot use `required` (it refuses ''),
// so they check the type instead; the check also runs on an explicit null.
const anyText = (maxlength = 100_000) => ({
  type: String,
  default: '',
  maxlength,
  validate: { validator: (v: unknown) => typeof v === 'string', message: '{PATH} must be a string' },
});
const requiredText = (maxlength = 10_000) => ({ type: String, required: true, maxlength });
const nullableText = (maxlength = 10_000) => ({ type: String, default: null, maxlength });
const uuid = () => ({
  type: String,
  required: true,
  validate: { validator: (v: string) => UUID.test(v), message: '{PATH} must be a UUID, got "{VALUE}"' },
});
const wholeNumber = (min = 0) => ({
  type: Number,
  required: true,
  min,
  validate: { validator: (v: number) => Number.isSafeInteger(v), message: '{PATH} must be a whole number, got {VALUE}' },
});
/** Money: integer minor units (cents), never negative. */
const cents = () => ({
  type: Number,
  required: true,
  min: 0,
  validate: { validator: (v: number) => Number.isSafeInteger(v), message: '{PATH} must be whole cents, got {VALUE}' },
});
const requiredDate = () => ({ type: Date, required: true });
const nullableDate = () => ({ type: Date, default: null });

const genreSchema = new Schema(
  { id: wholeNumber(), name: anyText(200) },
  { _id: false, strict: 'throw' },
);

const castSchema = new Schema(
  { name: anyText(300), character: anyText(300), profile_path: nullableText(500) },
  { _id: false, strict: 'throw' },
);

export const movieSchema = new Schema<MovieDocument>(
  {
    _id: requiredText(64),
    title: requiredText(500),
    tagline: anyText(1_000),
    overview: anyText(10_000),
    posterPath: nullableText(500),
    backdropPath: nullableText(500),
    releaseDate: anyText(10),
    runtime: wholeNumber(),
    genres: { type: [genreSchema], default: [] },
    voteAverage: { type: Number, required: true, min: 0, max: 10 },
    voteCount: wholeNumber(),
    originalLanguage: { ...anyText(16), default: 'en' },
    casts: { type: [castSchema], default: [] },
    createdAt: requiredDate(),
  },
  options(COLLECTIONS.movies),
);

const seatPriceCentsSchema = new Schema(
  { premium: { ...cents(), required: false }, wheelchair: { ...cents(), required: false }, companion: { ...cents(), required: false } },
  { _id: false, strict: 'throw' },
);

export const showSchema = new Schema<ShowDocument>(
  {
    _id: uuid(),
    movieId: requiredText(64),
    startsAt: requiredDate(),
    priceCents: cents(),
    screenId: requiredText(64),
    seatPriceCents: { type: seatPriceCentsSchema, required: true, default: {} },
    createdAt: requiredDate(),
    /** When staff cancelled the show; null (or absent, shows stored before) : on. */
    cancelledAt: { type: Date, default: null },
    scheduleConflict: { type: Boolean },
  },
  options(COLLECTIONS.shows),
);
// One show per movie, instant and screen: adding the same show twice is a no-op. Also serves a movie's upcoming
// shows. (Before cinemas it was per movie and instant, 'shows_movie_starts_at_key': cinemas-migration.ts drops it.)
showSchema.index({ movieId: 1, startsAt: 1, screenId: 1 }, { unique: true, name: 'shows_movie_starts_at_screen_key' });
showSchema.index({ startsAt: 1 }, { name: 'shows_starts_at_idx' });
showSchema.index({ screenId: 1, startsAt: 1 }, { name: 'shows_screen_starts_at_idx' });

const layoutRowSchema = new Schema(
  { label: requiredText(2), seats: requiredText(60), aisleBefore: { type: Boolean } },
  { _id: false, strict: 'throw' },
);
const screenSchema = new Schema<Screen>(
  {
    id: requiredText(64),
    cinemaId: requiredText(64),
    name: requiredText(200),
    format: requiredText(100),
    layout: {
      type: new Schema({ rows: { type: [layoutRowSchema] } }, { _id: false, strict: 'throw' }),
      required: true,
      validate: { validator: (layout: ScreenLayout) => layoutProblem(layout) === null, message: '{PATH} is not a sound seat layout' },
    },
  },
  { _id: false, strict: 'throw' },
);

export const cinemaSchema = new Schema<CinemaDocument>(
  {
    _id: requiredText(64),
    name: requiredText(200),
    address: requiredText(500),
    city: requiredText(200),
    timeZone: requiredText(64),
    phone: anyText(64),
    facilities: { type: [String], default: [] },
    /** Absent on cinemas stored before the screen schedule (migration 0020): DEFAULT_TURNOVER_MINUTES (cinema-repository.ts). */
    turnoverMinutes: { type: Number, min: 0 },
    screens: { type: [screenSchema], default: [] },
    position: wholeNumber(),
    createdAt: requiredDate(),
  },
  options(COLLECTIONS.cinemas),
);

export const userSchema = new Schema<UserDocument>(
  {
    _id: requiredText(255),
    name: requiredText(1_000),
    email: anyText(320),
    createdAt: requiredDate(),
  },
  options(COLLECTIONS.users),
);

export const favoriteSchema = new Schema<FavoriteDocument>(
  {
    _id: uuid(),
    userId: requiredText(255),
    movieId: requiredText(64),
    createdAt: requiredDate(),
  },
  options(COLLECTIONS.favorites),
);
// A movie is a user's favourite at most once, whatever the concurrency.
favoriteSchema.index({ userId: 1, movieId: 1 }, { unique: true, name: 'favorites_user_movie_key' });
favoriteSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'favorites_user_created_idx' });

/**
 * The seat rule every layout holds (contract/seats/layout.ts), as PostgreSQL's booking_seats_valid() does: the widest
 * a validator of one document can hold; that the seats are the show's screen's is the service's check (hold-seats.ts).
 */
function seatsValid(seats: string[]): boolean {
  return anyLayoutSeatsProblem(seats) === null;
}

/** A message's fields, in the outbox and queued on a booking alike. */
const outboxFields = {
  _id: uuid(),
  bookingId: {
    type: String,
    default: null,
    validate: { validator: (v: string | null) => v === null || UUID.test(v), message: '{PATH} must be a UUID or null' },
  },
  kind: requiredText(100),
  toAddress: anyText(320),
  subject: anyText(1_000),
  text: anyText(1_000_000),
  html: anyText(1_000_000),
  createdAt: requiredDate(),
  sentAt: nullableDate(),
  attempts: { ...wholeNumber(), default: 0 },
  lastError: nullableText(2_000),
  nextAttemptAt: nullableDate(),
};

const queuedEmailSchema = new Schema<OutboxDocument>(outboxFields, { strict: 'throw', versionKey: false, id: false });

const admittedBySchema = new Schema<AdmittedBy>(
  { code: anyText(64), door: requiredText(60), staffId: requiredText(255), staffName: anyText(300) },
  { strict: 'throw', versionKey: false, id: false, _id: false },
);

const seatReturnSchema = new Schema<SeatReturnDocument>(
  {
    _id: uuid(),
    bookingId: uuid(),
    seats: { type: [String], validate: { validator: (seats: string[]) => seats.length > 0, message: '{PATH} must name a seat' } },
    amountCents: cents(),
    returnedBy: requiredText(255),
    returnedAt: requiredDate(),
    refundStatus: { type: String, required: true, enum: REFUND_STATUSES },
    refundId: nullableText(500),
    refundReason: anyText(2_000),
  },
  { strict: 'throw', versionKey: false, id: false },
);

export const bookingSchema = new Schema<BookingDocument>(
  {
    _id: uuid(),
    userId: requiredText(255),
    showId: uuid(),
    movieId: requiredText(64),
    showStartsAt: requiredDate(),
    seats: {
      type: [String],
      validate: { validator: seatsValid, message: `{PATH} must be 1 to ${MAX_SEATS_PER_BOOKING} distinct seat ids` },
    },
    live: {
      type: Boolean,
      required: true,
      validate: {
        // Only documents are checked here (an update query has no status at hand).
        validator(this: unknown, live: boolean) {
          const status = (this as { status?: unknown } | null)?.status;
          return typeof status !== 'string' || live === (status !== 'cancelled');
        },
        message: 'live must be true exactly while the booking is not cancelled',
      },
    },
    amountCents: cents(),
    status: { type: String, required: true, enum: BOOKING_STATUSES },
    isPaid: { type: Boolean, required: true },
    paymentLink: nullableText(2_000),
    paymentSessionId: nullableText(500),
    paymentIntentId: nullableText(500),
    holdExpiresAt: requiredDate(),
    paidAt: nullableDate(),
    createdAt: requiredDate(),
    // Required on new documents; one written before ticket codes existed reads a code derived from its id.
    ticketCode: { type: String, required: true, match: new RegExp(TICKET_CODE_PATTERN) },
    // null (no refund) is not checked by the enum.
    refundStatus: { type: String, default: null, enum: REFUND_STATUSES },
    refundReason: nullableText(2_000),
    refundId: nullableText(500),
    // null (none queued yet) is not checked by the enum.
    confirmation: { type: String, default: null, enum: CONFIRMATION_STATES },
    queuedEmail: { type: queuedEmailSchema, default: undefined },
    admittedAt: nullableDate(),
    cancelledAt: nullableDate(),
    admittedBy: { type: admittedBySchema, default: undefined },
    returnedSeats: { type: [String], default: undefined },
    returnedCents: { type: Number, min: 0, default: undefined },
    seatReturns: { type: [seatReturnSchema], default: undefined },
  },
  options(COLLECTIONS.bookings),
);
/**
 * The seat ledger. For an array field MongoDB indexes one key per element, and a
 * unique index applies across documents: no two live bookings of a show can share
 * a seat. A booking is one document, so its insert takes all its seats or none,
 * atomically, on a standalone server as on a replica set; cancelling (live: false)
 * takes the booking out of this partial index and releases its seats.
 */
bookingSchema.index(
  { showId: 1, seats: 1 },
  { unique: true, partialFilterExpression: { live: true }, name: 'bookings_live_show_seat_key' },
);
bookingSchema.index({ createdAt: -1, _id: -1 }, { name: 'bookings_created_idx' });
bookingSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'bookings_user_created_idx' });
bookingSchema.index({ isPaid: 1, createdAt: -1, _id: -1 }, { name: 'bookings_paid_created_idx' });
bookingSchema.index({ movieId: 1, createdAt: -1, _id: -1 }, { name: 'bookings_movie_created_idx' });
bookingSchema.index({ showStartsAt: 1 }, { name: 'bookings_show_starts_at_idx' });
bookingSchema.index({ paymentSessionId: 1 }, { name: 'bookings_payment_session_idx' });
// Unpaid holds by expiry, for the hold sweeper.
bookingSchema.index({ holdExpiresAt: 1 }, { partialFilterExpression: { isPaid: false }, name: 'bookings_unpaid_idx' });
// Ticket codes are unique (documents from before ticket codes have none and are left out).
bookingSchema.index(
  { ticketCode: 1 },
  { unique: true, partialFilterExpression: { ticketCode: { $type: 'string' } }, name: 'bookings_ticket_code_key' },
);
// Seats given back whose refund is still to make, for the reconciliation.
bookingSchema.index({ 'seatReturns.refundStatus': 1 }, { sparse: true, name: 'bookings_seat_return_refund_idx' });
// Late payments still to refund, for the reconciliation.
bookingSchema.index({ createdAt: 1 }, { partialFilterExpression: { refundStatus: 'pending' }, name: 'bookings_refund_pending_idx' });
// Paid bookings by e-ticket state, for the confirmation sweep (a missing state reads as null).
bookingSchema.index({ confirmation: 1, createdAt: 1 }, { partialFilterExpression: { isPaid: true }, name: 'bookings_paid_confirmation_idx' });
// Bookings with an email still to move to the outbox (only those have the field).
bookingSchema.index({ 'queuedEmail._id': 1 }, { sparse: true, name: 'bookings_queued_email_idx' });

export const outboxSchema = new Schema<OutboxDocument>(outboxFields, options(COLLECTIONS.outbox));
outboxSchema.index({ createdAt: -1, _id: -1 }, { name: 'outbox_created_idx' });
// Unsent messages by when they are due, for the delivery retries.
outboxSchema.index({ sentAt: 1, nextAttemptAt: 1 }, { name: 'outbox_due_idx' });
// A booking's messages of a kind (has its e-ticket been queued?).
outboxSchema.index({ bookingId: 1, kind: 1 }, { name: 'outbox_booking_kind_idx' });

export const webhookEventSchema = new Schema<WebhookEventDocument>(
  {
    // The event id is the key: inserting it twice is refused, so each event is processed once.
    _id: requiredText(255),
    type: requiredText(255),
    receivedAt: requiredDate(),
    // Set when processing failed: the next delivery is processed (the event stays recorded).
    failedAt: nullableDate(),
  },
  options(COLLECTIONS.webhookEvents),
);

export const checkoutSessionSchema = new Schema<CheckoutSessionDocument>(
  {
    _id: requiredText(255),
    bookingId: uuid(),
    amountCents: cents(),
    currency: { type: String, required: true, match: /^[A-Z]{3}$/ },
    description: anyText(1_000),
    status: { type: String, required: true, enum: ['open', 'complete', 'expired'] satisfies CheckoutSessionStatus[] },
    paymentStatus: { type: String, required: true, enum: ['paid', 'unpaid'] },
    paymentIntentId: nullableText(255),
    successUrl: requiredText(2_000),
    cancelUrl: requiredText(2_000),
    expiresAt: requiredDate(),
    createdAt: requiredDate(),
    completedAt: nullableDate(),
    refundId: nullableText(255),
    refundedCents: { ...cents(), default: 0 },
    refundKeys: { type: [String], default: [] },
  },
  options(COLLECTIONS.checkoutSessions),
);

/** The database's identity (one document, `_id: 'store'`) and the most documents each core collection has held. */
export interface StoreIdentityDocument {
  _id: string;
  storeId: string;
  createdAt: Date;
  moviesSeen: number;
  showsSeen: number;
  bookingsSeen: number;
}

export const storeIdentitySchema = new Schema<StoreIdentityDocument>(
  {
    _id: requiredText(20),
    storeId: uuid(),
    createdAt: requiredDate(),
    moviesSeen: { ...wholeNumber(), default: 0 },
    showsSeen: { ...wholeNumber(), default: 0 },
    bookingsSeen: { ...wholeNumber(), default: 0 },
  },
  options(COLLECTIONS.storeIdentity),
);

/** A money-affecting support action and who took it (support/support-actions.ts). */
export type SupportActionDocument = Stored<SupportAction>;

export const supportActionSchema = new Schema<SupportActionDocument>(
  {
    _id: uuid(),
    bookingId: uuid(),
    kind: { type: String, required: true, enum: SUPPORT_ACTION_KINDS },
    actorId: requiredText(255),
    actorEmail: anyText(320),
    outcome: requiredText(64),
    message: anyText(2_000),
    createdAt: requiredDate(),
  },
  options(COLLECTIONS.supportActions),
);
// A booking's history, oldest first.
supportActionSchema.index({ bookingId: 1, createdAt: 1 }, { name: 'support_actions_booking_idx' });

/**
 * A scan at a door (check-in/check-in.ts). An admission's _id is `admitted:<bookingId>`, so the _id's uniqueness
 * lets one admission per booking in, whichever instance inserts first; a refusal's _id is a UUID.
 */
export type CheckInDocument = Stored<CheckIn>;

export const checkInSchema = new Schema<CheckInDocument>(
  {
    _id: requiredText(100),
    bookingId: { ...nullableText(36), validate: { validator: (v: string | null) => v === null || UUID.test(v), message: '{PATH} must be a UUID' } },
    code: anyText(64),
    door: requiredText(60),
    staffId: requiredText(255),
    staffName: anyText(300),
    outcome: { type: String, required: true, enum: CHECK_IN_OUTCOMES },
    at: requiredDate(),
  },
  options(COLLECTIONS.checkIns),
);
// A booking's check-ins, oldest first.
checkInSchema.index({ bookingId: 1, at: 1 }, { name: 'check_ins_booking_idx' });
