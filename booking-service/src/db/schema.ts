import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, CONFIRMATION_STATES, REFUND_STATUSES, type BookingStatus, type ConfirmationState, type RefundStatus } from '../bookings/booking.ts';
import { ANY_SEAT_ID_PATTERN, type ScreenLayout } from '../contract/seats/layout.ts';
import type { SeatPriceCents } from '../shows/show.ts';
import { SUPPORT_ACTION_KINDS, type SupportActionKind } from '../support/support-actions.ts';
import { CHECK_IN_OUTCOMES, type CheckInOutcome } from '../check-in/check-in.ts';

/** A list of values as SQL literals: `'held', 'paid'`. */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

/** A cast member as stored on a movie (the 12 first billed). */
export interface StoredCastMember { name: string; character: string; profile_path: string | null }

/** Movies that have (or had) shows here. `id` is the catalogue's movie id as text. */
export const movies = pgTable('movies', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  tagline: text('tagline').notNull().default(''),
  overview: text('overview').notNull().default(''),
  posterPath: text('poster_path'),
  backdropPath: text('backdrop_path'),
  releaseDate: text('release_date').notNull().default(''),
  runtime: integer('runtime').notNull().default(0),
  genres: jsonb('genres').$type<{ id: number; name: string }[]>().notNull().default([]),
  voteAverage: real('vote_average').notNull().default(0),
  voteCount: integer('vote_count').notNull().default(0),
  originalLanguage: text('original_language').notNull().default('en'),
  casts: jsonb('casts').$type<StoredCastMember[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chain's cinemas (cinemas/: the built-in chain is ensured at start); never removed, shows refer to their screens. */
export const cinemas = pgTable('cinemas', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  timeZone: text('time_zone').notNull(),
  phone: text('phone').notNull().default(''),
  facilities: jsonb('facilities').$type<string[]>().notNull().default([]),
  /** Minutes between a show's end and the next start on a screen (migration 0020; cinemas/cinema.ts). */
  turnoverMinutes: integer('turnover_minutes').notNull().default(20),
  /** The chain's order (the built-in chain's list order). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A cinema's screens and their seat layouts (contract/seats/layout.ts). `seat_ids` are the layout's seats
 * (layoutSeats), kept beside it so the seat triggers of migration 0015 check a booking's seats without
 * reading the layout's JSON.
 */
export const screens = pgTable(
  'screens',
  {
    id: text('id').primaryKey(),
    cinemaId: text('cinema_id').notNull().references(() => cinemas.id),
    name: text('name').notNull(),
    format: text('format').notNull(),
    layout: jsonb('layout').$type<ScreenLayout>().notNull(),
    seatIds: text('seat_ids').array().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screens_cinema_idx').on(t.cinemaId)],
);

/** A PostgreSQL tstzrange, as its text ('["2026-01-01 19:00:00+00","2026-01-01 21:03:00+00")'). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const shows = pgTable(
  'shows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: text('movie_id').notNull().references(() => movies.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The standard seat's price (the spec's showPrice). */
    priceCents: integer('price_cents').notNull(),
    /** The other seat types' prices, where they differ from the standard one. */
    seatPrices: jsonb('seat_prices').$type<SeatPriceCents>().notNull().default({}),
    screenId: text('screen_id').notNull().references(() => screens.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When staff cancelled the show; null: on (shows/show.ts). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The screen's time the show takes, [start, start + runtime + turnover): set by the trigger of migration 0020
     * from the movie and the cinema (never written by the service), under the exclusion constraint
     * shows_one_at_a_time_per_screen (live, not grandfathered shows of one screen never overlap).
     */
    occupied: tstzrange('occupied'),
    /** Overlapped another live show when migration 0020 ran: kept, outside the constraint, listed for staff. */
    scheduleConflict: boolean('schedule_conflict').notNull().default(false),
  },
  (t) => [
    // One show per movie, instant and screen: adding the same show twice is a no-op. Also serves a movie's shows.
    uniqueIndex('shows_movie_starts_at_screen_key').on(t.movieId, t.startsAt, t.screenId),
    index('shows_starts_at_idx').on(t.startsAt),
    index('shows_screen_starts_at_idx').on(t.screenId, t.startsAt),
  ],
);

/** Users as known from verified tokens; `id` is the token subject. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id').notNull().references(() => users.id),
    movieId: text('movie_id').notNull().references(() => movies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.movieId] })],
);


export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => users.id),
    showId: uuid('show_id').notNull().references(() => shows.id),
    seats: text('seats').array().notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('held'),
    isPaid: boolean('is_paid').notNull().default(false),
    paymentLink: text('payment_link'),
    paymentSessionId: text('payment_session_id'),
    paymentIntentId: text('payment_intent_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The service always writes a base32 code; the default only fills rows written before the column existed.
    ticketCode: text('ticket_code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10))`),
    refundStatus: text('refund_status').$type<RefundStatus>(),
    refundReason: text('refund_reason'),
    refundId: text('refund_id'),
    // The e-ticket: queued with the payment, or sample data (none by design); null: none yet.
    confirmation: text('confirmation').$type<ConfirmationState>(),
    // Migration 0018: the door's admission on the booking's own row, the guard every cancellation and
    // refund checks (bookings/booking-state-machine.ts), and when a paid booking was cancelled (the door names it).
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // Migration 0022: seats given back by the owner and their refunds in all (amount_cents is net of them).
    returnedSeats: text('returned_seats').array().notNull().default(sql`'{}'::text[]`),
    returnedCents: integer('returned_cents').notNull().default(0),
  },
  (t) => [
    index('bookings_user_created_idx').on(t.userId, t.createdAt),
    index('bookings_show_idx').on(t.showId),
    index('bookings_unpaid_idx').on(t.holdExpiresAt).where(sql`${t.isPaid} = false`),
    index('bookings_payment_session_idx').on(t.paymentSessionId),
    uniqueIndex('bookings_ticket_code_key').on(t.ticketCode),
    index('bookings_refund_pending_idx').on(t.createdAt).where(sql`${t.refundStatus} = 'pending'`),
    index('bookings_unconfirmed_idx').on(t.createdAt).where(sql`${t.isPaid} = true and ${t.confirmation} is null`),
    // The booking rules, in the database too (migration 0006): a row written behind the service's back is
    // refused like a request would be. booking_seats_valid() holds contract/seats/hall.ts's seat rules
    // (any layout's seat ids since migration 0015, whose trigger checks each seat against the show's screen).
    check('bookings_seats_valid', sql`booking_seats_valid(${t.seats})`),
    check('bookings_amount_not_negative', sql`${t.amountCents} >= 0`),
    check('bookings_status_valid', sql`${t.status} in (${sqlList(BOOKING_STATUSES)})`),
    check('bookings_refund_status_valid', sql`${t.refundStatus} is null or ${t.refundStatus} in (${sqlList(REFUND_STATUSES)})`),
    check('bookings_confirmation_valid', sql`${t.confirmation} is null or ${t.confirmation} in (${sqlList(CONFIRMATION_STATES)})`),
  ],
);

/**
 * The seat ledger: one row per seat held or sold. The primary key (show, seat)
 * is what makes double selling impossible, whatever the concurrency or the
 * number of service instances.
 */
export const seatReservations = pgTable(
  'seat_reservations',
  {
    showId: uuid('show_id').notNull().references(() => shows.id),
    seat: text('seat').notNull(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.seat] }),
    index('seat_reservations_booking_idx').on(t.bookingId),
    check('seat_reservations_seat_valid', sql`${t.seat} ~ ${sqlList([ANY_SEAT_ID_PATTERN])}`),
  ],
);

/**
 * Seats of a paid booking given back by its owner (migration 0022): written in the transaction that took them
 * off the booking and out of seat_reservations; the refund's outcome recorded on it. History: never removed.
 */
export const seatReturns = pgTable(
  'seat_returns',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id),
    seats: text('seats').array().notNull(),
    amountCents: integer('amount_cents').notNull(),
    returnedBy: text('returned_by').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
    refundStatus: text('refund_status').$type<RefundStatus>().notNull(),
    refundId: text('refund_id'),
    refundReason: text('refund_reason').notNull(),
  },
  (t) => [
    index('seat_returns_booking_idx').on(t.bookingId, t.returnedAt),
    index('seat_returns_refund_pending_idx').on(t.returnedAt).where(sql`${t.refundStatus} = 'pending'`),
    check('seat_returns_amount_not_negative', sql`${t.amountCents} >= 0`),
    check('seat_returns_seats_given', sql`cardinality(${t.seats}) > 0`),
    check('seat_returns_refund_status_valid', sql`${t.refundStatus} in (${sqlList(REFUND_STATUSES)})`),
  ],
);

/** Every email the service sends; the embedded default delivers only here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('outbox_booking_kind_idx').on(t.bookingId, t.kind),
  ],
);

/** Money-affecting support actions and who took them (support/support-actions.ts): history, never removed. */
export const supportActions = pgTable(
  'support_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id),
    kind: text('kind').$type<SupportActionKind>().notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    outcome: text('outcome').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_actions_booking_idx').on(t.bookingId, t.createdAt),
    check('support_actions_kind_valid', sql`${t.kind} in (${sqlList(SUPPORT_ACTION_KINDS)})`),
  ],
);

/**
 * Every scan of a ticket at a door and its outcome (check-in/check-in.ts): history, never removed. A booking has
 * at most one `admitted` row (the partial unique index): two doors scanning at once on any instances, one admits.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    code: text('code').notNull(),
    door: text('door').notNull(),
    staffId: text('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    outcome: text('outcome').$type<CheckInOutcome>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('check_ins_one_admission_key').on(t.bookingId).where(sql`${t.outcome} = 'admitted'`),
    index('check_ins_booking_idx').on(t.bookingId, t.at),
    check('check_ins_outcome_valid', sql`${t.outcome} in (${sqlList(CHECK_IN_OUTCOMES)})`),
  ],
);

/**
 * Webhook events already received, by the provider's event id. Inserted before
 * the event is processed: the primary key lets exactly one delivery through.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  /** Set when processing the event failed: the provider's next delivery of it is processed (the row stays: history). */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

/** The local checkout's payment sessions (the embedded stand-in for Stripe Checkout). */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  bookingId: uuid('booking_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').$type<CheckoutSessionStatus>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'paid' | 'unpaid'>().notNull().default('unpaid'),
  paymentIntentId: text('payment_intent_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  refundId: text('refund_id'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  // Each refund's idempotency key (migration 0022): a session may be refunded in parts (seats given back), each once.
  refundKeys: text('refund_keys').array().notNull().default(sql`'{}'::text[]`),
});

/**
 * One row: the database's identity, written when the service first set the database up, and the
 * most rows each core table has held. The service never deletes a movie, show or booking, so a
 * table holding fewer rows than it once did was damaged (src/integrity/).
 */
export const storeIdentity = pgTable('store_identity', {
  id: text('id').primaryKey(),
  storeId: uuid('store_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  moviesSeen: integer('movies_seen').notNull().default(0),
  showsSeen: integer('shows_seen').notNull().default(0),
  bookingsSeen: integer('bookings_seen').notNull().default(0),
});

/**
 * How many rows were ever inserted into each history table (movies, shows, bookings, users, outbox,
 * checkout_sessions), kept by a trigger in the inserting statement (migration 0007), spread over a few
 * shards so that concurrent bookings do not queue on one row. History tables refuse DELETE and
 * TRUNCATE, so each must hold exactly the rows inserted into it: fewer means rows were lost (a damaged
 * file, a restore of part of the database), even when new rows arrived since (src/integrity/).
 */
export const rowLedger = pgTable(
  'row_ledger',
  {
    tableName: text('table_name').notNull(),
    shard: integer('shard').notNull(),
    inserted: bigint('inserted', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.shard] })],
);

/**
 * On-sale events (src/waiting-room/): a set of shows sold from one instant, behind a virtual
 * waiting room when `waitingRoom` is on. `serving` is the highest place admitted so far: a waiting
 * entry's position is its place minus it, so a poll reads two rows and writes none. `lastPlace` is the
 * last place given out; the row's lock orders the draw and every later arrival.
 */
export const onSaleEvents = pgTable(
  'on_sale_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    onSaleAt: timestamp('on_sale_at', { withTimezone: true }).notNull(),
    waitingRoom: boolean('waiting_room').notNull().default(true),
    shoppingCapacity: integer('shopping_capacity').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** The day's controls (issue 56): staff stopped seat holds for a moment; live streams off; the pages' poll interval. */
    salesClosed: boolean('sales_closed').notNull().default(false),
    streamsOff: boolean('streams_off').notNull().default(false),
    pollEverySeconds: integer('poll_every_seconds').notNull().default(8),
    serving: integer('serving').notNull().default(0),
    /**
     * The pre-queue's last place once it closed (its places 1..last_place, by lottery key); later arrivals take
     * theirs from the event's own sequence (queue_places_<id without dashes>), created at the close.
     */
    lastPlace: integer('last_place').notNull().default(0),
    /** The highest pre-queue place written on its entry so far: the admissions write them in batches as they reach them. */
    writtenThrough: integer('written_through').notNull().default(0),
    /** When the pre-queue closed and its order (the lottery keys given at the joins) became places (null until the on-sale time was first seen passed). */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('on_sale_events_capacity_positive', sql`${t.shoppingCapacity} > 0`),
    check('on_sale_events_window_positive', sql`${t.windowMinutes} > 0`),
    check('on_sale_events_poll_interval_valid', sql`${t.pollEverySeconds} between 8 and 120`),
  ],
);

/** The shows of each on-sale event; a show belongs to one event at most. */
export const onSaleEventShows = pgTable(
  'on_sale_event_shows',
  {
    showId: uuid('show_id').primaryKey().references(() => shows.id),
    eventId: uuid('event_id').notNull().references(() => onSaleEvents.id),
  },
  (t) => [index('on_sale_event_shows_event_idx').on(t.eventId)],
);

/**
 * One place per account and event (the primary key). `place` is null in the pre-queue (a random `lotteryKey`
 * instead), its rank by that key once the pre-queue closed (written as the admissions reach it), or given on
 * arrival after the close (arrival order, from the event's sequence). Admitted: `admittedAt` set, shopping until
 * `windowEndsAt`; `leftAt` (the moviegoer gave up the place) and `removedAt` (support) end an entry.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    /**
     * No foreign key to the event (dropped by migration 0024): its check locks the event's row shared (FOR KEY
     * SHARE) on every join, one lock all joins take, waiting behind staff's controls and the close. A join inserts
     * by selecting the event, and events are never deleted (a cancel is an action).
     */
    eventId: uuid('event_id').notNull(),
    accountId: text('account_id').notNull().references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    place: integer('place'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    /** When the admitted moviegoer first asked for the admission (their first poll after it): unclaimed after the grace, the slot refills. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** A joiner of the pre-queue's lottery ticket, random: the pre-queue's order is by it (then the account), null for later arrivals. */
    lotteryKey: doublePrecision('lottery_key'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.accountId] }),
    uniqueIndex('queue_entries_event_place_key').on(t.eventId, t.place),
    index('queue_entries_event_lottery_idx').on(t.eventId, t.lotteryKey, t.accountId).where(sql`${t.lotteryKey} is not null`),
    index('queue_entries_event_admitted_idx').on(t.eventId, t.admittedAt),
    // Every entry has a place or a lottery ticket: an instance of a release before 0024 (a rolling deploy) cannot
    // write a pre-queue entry that no admission would ever place, and is refused instead.
    check('queue_entries_place_or_lottery_key', sql`${t.place} is not null or ${t.lotteryKey} is not null`),
  ],
);

/** What staff and support did to an on-sale event, and who (kept: never deleted). */
export const waitingRoomActions = pgTable(
  'waiting_room_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => onSaleEvents.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    accountId: text('account_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('waiting_room_actions_event_idx').on(t.eventId, t.at)],
);
