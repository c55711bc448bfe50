import type { PipelineStage } from 'mongoose';
import { sortSeats } from '../../contract/seats/hall.ts';
import type { BookingFilter, RefundStatus } from '../../bookings/booking.ts';
import type { BookingGuard, GuardedUpdate } from '../../bookings/booking-state-machine.ts';
import type { SeatState } from '../../shows/show.ts';
import { outboxDocument, seatReturnDocument } from './mappers.ts';
import { COLLECTIONS, type BookingDocument } from './schemas.ts';

/**
 * The query documents and pipelines the MongoDB repositories send, built by
 * plain functions so they can be checked without a server. Values from callers
 * go under `$eq`, so a value can never be read as a query operator.
 */

export type Filter = Record<string, unknown>;

/** Newest first; the id breaks ties so paging is stable. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * NEWEST_FIRST in memory, for one user's bookings (a short list). A sorted query costs far more
 * on DocumentDB behind FerretDB 2.5: DocumentDB keeps the cursor of any query that is not a plain
 * scan (a sort, an aggregation), and FerretDB then takes that PostgreSQL connection out of its
 * pool and opens a new one (about 14 ms instead of 2 ms here). docs/service/mongodb.md.
 */
export function newestFirst(a: { createdAt: Date; _id: string }, b: { createdAt: Date; _id: string }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}

/** The filter of the admin and debug booking lists (same semantics as the PostgreSQL store). */
export function bookingListFilter(filter: BookingFilter): Filter {
  const query: Filter = {};
  if (filter.bookingId) query._id = { $eq: filter.bookingId };
  if (filter.userId) query.userId = { $eq: filter.userId };
  if (filter.movieId) query.movieId = { $eq: filter.movieId };
  if (filter.isPaid !== undefined) query.isPaid = { $eq: filter.isPaid };
  if (filter.statuses) query.status = { $in: filter.statuses };
  if (filter.ticketCode) query.ticketCode = { $eq: filter.ticketCode };
  if (filter.showId) query.showId = { $eq: filter.showId };
  if (filter.showsBetween) query.showStartsAt = { $gte: filter.showsBetween.from, $lt: filter.showsBetween.to };
  return query;
}

/** Part of a text, whatever its case (staff's booking search), its regular-expression characters taken literally. */
export function containing(text: string): { $regex: string; $options: 'i' } {
  return { $regex: escapeRegExp(text), $options: 'i' };
}

/** Users whose email is this one, whatever its case (the booking list's customerEmail filter). */
export function usersWithEmail(email: string): { email: { $regex: string; $options: 'i' } } {
  return { email: { $regex: `^${escapeRegExp(email)}$`, $options: 'i' } };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Live bookings of these shows: the ones whose seats are held or sold. */
export function liveBookingsOfShows(showIds: string[]): Filter {
  return { showId: { $in: showIds }, live: true };
}

/** Live bookings of a show holding any of these seats (to name the taken seats after a refused insert). */
export function liveHoldersOfSeats(showId: string, seats: string[]): Filter {
  return { showId: { $eq: showId }, live: true, seats: { $in: seats } };
}

/** Shows starting in [from, to), either bound optional. */
export function showsBetween(from: Date | undefined, to?: Date): Filter {
  if (!from && !to) return {};
  return { startsAt: { ...(from && { $gte: from }), ...(to && { $lt: to }) } };
}

export function upcomingShowsOfMovie(movieId: string, now: Date): Filter {
  // `cancelledAt: null` also matches shows stored before cancellation existed (no field).
  return { movieId: { $eq: movieId }, startsAt: { $gt: now }, cancelledAt: null };
}

export interface ConditionalUpdate { filter: Filter; update: Filter }

/** The lifecycle's guard as a query on the booking document (see matchesGuard for its meaning). */
export function guardFilter(guard: BookingGuard): Filter {
  const filter: Filter = {};
  if (guard.status !== undefined) filter.status = guard.status;
  if (guard.isPaid !== undefined) filter.isPaid = guard.isPaid;
  if (guard.refundStatus !== undefined) filter.refundStatus = guard.refundStatus;
  if (guard.paymentSession === 'none') filter.paymentSessionId = null;
  if (guard.paymentSession === 'some') filter.paymentSessionId = { $type: 'string' };
  if (guard.holdEndedBy) filter.holdExpiresAt = { $lte: guard.holdEndedBy };
  // null also matches a document from before the field existed.
  if (guard.confirmation !== undefined) filter.confirmation = guard.confirmation;
  // null also matches a document from before the field existed (the store's start-up fills it from the log first).
  if (guard.admitted === false) filter.admittedAt = null;
  // The whole array, in order: the booking exactly as read.
  if (guard.seats !== undefined) filter.seats = { $eq: [...guard.seats] };
  return filter;
}

/**
 * A guarded update of the lifecycle as one conditional single-document write. The seat ledger is
 * the unique index on (showId, seats) over live bookings, so the seat effect is the `live` flag in
 * the same write: releasing takes the booking out of the index exactly when the status changes
 * (and only for the one caller whose update matched); retaking puts it back, and the server refuses
 * the whole update (duplicate key) if any seat is now in another live booking: all seats or none.
 * A queued email rides on the same document (`queuedEmail`), written or refused with the change;
 * the mailer moves it to the outbox (collectQueued).
 */
export function guardedBookingUpdate(id: string, { guard, changes, seats, email, seatReturn }: GuardedUpdate): ConditionalUpdate {
  const filter: Filter = { _id: { $eq: id }, ...guardFilter(guard) };
  const set: Filter = { ...changes };
  if (email) set.queuedEmail = outboxDocument(email, email.id, email.createdAt);
  if (seats === 'release') set.live = false;
  if (seats === 'retake') {
    filter.live = false;
    set.live = true;
  }
  // A return: the changes shrink `seats` (the ledger's index lets those seats go in this write) and its record rides along.
  if (seats === 'return') {
    if (!seatReturn) throw new Error(`a seat return of booking ${id} without its record`);
    return { filter, update: { $set: set, $push: { seatReturns: seatReturnDocument(seatReturn) } } };
  }
  return { filter, update: { $set: set } };
}

/** Bookings with a return of seats whose refund is still to make. */
export const PENDING_SEAT_RETURNS: Filter = { 'seatReturns.refundStatus': 'pending' };

/** A return's refund outcome, on its booking's document, only while the return is pending. */
export function seatReturnRefundUpdate(returnId: string, outcome: { status: RefundStatus; refundId?: string | null; reason: string }): ConditionalUpdate {
  const set: Filter = { 'seatReturns.$.refundStatus': outcome.status, 'seatReturns.$.refundReason': outcome.reason };
  if (outcome.refundId !== undefined) set['seatReturns.$.refundId'] = outcome.refundId;
  return { filter: { seatReturns: { $elemMatch: { _id: { $eq: returnId }, refundStatus: 'pending' } } }, update: { $set: set } };
}

/** Bookings carrying an email still to move to the outbox. */
export const QUEUED_EMAILS: Filter = { 'queuedEmail._id': { $exists: true } };

/** Clears a booking's queued email once it is in the outbox (only that one message). */
export function clearQueuedEmailUpdate(bookingId: string, messageId: string): ConditionalUpdate {
  return { filter: { _id: { $eq: bookingId }, 'queuedEmail._id': { $eq: messageId } }, update: { $unset: { queuedEmail: 1 } } };
}

/** Unsent messages whose next attempt is due by `now`. */
export function dueMessagesFilter(now: Date): Filter {
  return { sentAt: null, nextAttemptAt: { $lte: now } };
}

/** Claims one due message by moving its next attempt to `leaseUntil`, only if it is still due. */
export function claimMessageUpdate(id: string, now: Date, leaseUntil: Date): ConditionalUpdate {
  return { filter: { _id: { $eq: id }, ...dueMessagesFilter(now) }, update: { $set: { nextAttemptAt: leaseUntil } } };
}

export function markSentUpdate(id: string, sentAt: Date): ConditionalUpdate {
  return { filter: { _id: { $eq: id } }, update: { $set: { sentAt, nextAttemptAt: null, lastError: null } } };
}

export function markFailedUpdate(id: string, error: string, nextAttemptAt: Date | null): ConditionalUpdate {
  return { filter: { _id: { $eq: id }, sentAt: null }, update: { $set: { lastError: error, nextAttemptAt }, $inc: { attempts: 1 } } };
}

/** open and not expired by `now` -> complete and paid. */
export function completeSessionUpdate(id: string, now: Date, paymentIntentId: string): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, status: 'open', expiresAt: { $gt: now } },
    update: { $set: { status: 'complete', paymentStatus: 'paid', paymentIntentId, completedAt: now } },
  };
}

export function expireSessionUpdate(id: string): ConditionalUpdate {
  return { filter: { _id: { $eq: id }, status: 'open' }, update: { $set: { status: 'expired' } } };
}

/** Records one refund (of part or all) of a paid session under its key, if what it refunded is still as read (`refundedBefore`). */
export function refundSessionUpdate(id: string, refund: { refundId: string; amountCents: number; key: string; refundedBefore: number }): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, paymentStatus: 'paid', refundedCents: refund.refundedBefore, refundKeys: { $ne: refund.key } },
    update: { $set: { refundId: refund.refundId, refundedCents: refund.refundedBefore + refund.amountCents }, $push: { refundKeys: refund.key } },
  };
}

/** Movies with a show after `now`, once each, soonest next show first, then by title (runs on `shows`). */
export function upcomingMoviesPipeline(now: Date): PipelineStage[] {
  return [
    { $match: { startsAt: { $gt: now }, cancelledAt: null } },
    { $group: { _id: '$movieId', nextShow: { $min: '$startsAt' } } },
    { $lookup: { from: COLLECTIONS.movies, localField: '_id', foreignField: '_id', as: 'movie' } },
    { $unwind: '$movie' },
    { $sort: { nextShow: 1, 'movie.title': 1, _id: 1 } },
    { $replaceWith: '$movie' },
  ];
}

/** Paid bookings and their revenue in cents (runs on `bookings`). */
export function salesSummaryPipeline(): PipelineStage[] {
  return [
    { $match: { isPaid: true } },
    { $group: { _id: null, paidBookings: { $sum: 1 }, revenueCents: { $sum: '$amountCents' } } },
  ];
}

/** Seat id -> held or paid, per show, from the live bookings; seats in hall order whatever order they came in. */
export function seatLedgers(
  bookings: Pick<BookingDocument, 'showId' | 'seats' | 'isPaid'>[],
): Map<string, Record<string, SeatState>> {
  const states = new Map<string, Map<string, SeatState>>();
  for (const booking of bookings) {
    const ledger = states.get(booking.showId) ?? new Map<string, SeatState>();
    for (const seat of booking.seats) ledger.set(seat, booking.isPaid ? 'paid' : 'held');
    states.set(booking.showId, ledger);
  }
  const byShow = new Map<string, Record<string, SeatState>>();
  for (const [showId, ledger] of states) {
    byShow.set(showId, Object.fromEntries(sortSeats([...ledger.keys()]).map((seat) => [seat, ledger.get(seat)!])));
  }
  return byShow;
}

/** The wanted seats that these bookings hold, in the order they were asked for. */
export function takenSeats(wanted: readonly string[], holders: Pick<BookingDocument, 'seats'>[]): string[] {
  const held = new Set(holders.flatMap((h) => h.seats));
  return wanted.filter((seat) => held.has(seat));
}

/** The counts of a bulk write that stopped on errors (ordered: false runs every other operation). */
export function bulkWriteResultOf(error: unknown): { upsertedCount: number } | null {
  const result = (error as { result?: { upsertedCount?: unknown } } | null)?.result;
  return typeof result?.upsertedCount === 'number' ? { upsertedCount: result.upsertedCount } : null;
}

/**
 * FerretDB 2.5 over DocumentDB answers a unique index's refusal of a findOneAndUpdate (not of an
 * insert or updateOne, which give E11000) with PostgreSQL's exclusion-constraint error on the
 * index DocumentDB made for it, as code 1 (InternalError). docs/service/mongodb.md.
 */
const DOCUMENTDB_UNIQUE_INDEX_REFUSAL = /^conflicting key value violates exclusion constraint "documents_rum_index_\d+"$/;

/** MongoDB's duplicate key error (E11000), from a single write or a bulk write; or DocumentDB's (above). */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors, codeName, errmsg } = error as { code?: unknown; writeErrors?: unknown; codeName?: unknown; errmsg?: unknown };
  if (code === 11000) return true;
  if (code === 1 && codeName === 'InternalError' && typeof errmsg === 'string' && DOCUMENTDB_UNIQUE_INDEX_REFUSAL.test(errmsg)) return true;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((e) => (e as { code?: unknown })?.code === 11000);
}

/**
 * PostgreSQL's deadlock error, as FerretDB 2 passes it on from DocumentDB: two inserts whose
 * unique-index entries wait for each other (see createSeatClaimGate); the aborted one wrote nothing.
 */
export function isDeadlockError(error: unknown): boolean {
  const { code, codeName, errmsg } = (error ?? {}) as { code?: unknown; codeName?: unknown; errmsg?: unknown };
  return code === 1 && codeName === 'InternalError' && errmsg === 'deadlock detected';
}

export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
