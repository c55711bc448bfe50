import type { PipelineStage } from 'mongoose';
import { sortSeats } from '../../seats/seat-map.ts';
import type { BookingFilter, SeatState } from '../../store/types.ts';
import { COLLECTIONS, type BookingDocument } from './schemas.ts';

/**
 * The query documents and pipelines the MongoDB repositories send, built by
 * plain functions so they can be checked without a server. Values from callers
 * go under `$eq`, so a value can never be read as a query operator.
 */

export type Filter = Record<string, unknown>;

/** Newest first; the id breaks ties so paging is stable. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The filter of the admin and debug booking lists (same semantics as the PostgreSQL store). */
export function bookingListFilter(filter: BookingFilter): Filter {
  const query: Filter = {};
  if (filter.bookingId) query._id = { $eq: filter.bookingId };
  if (filter.userId) query.userId = { $eq: filter.userId };
  if (filter.movieId) query.movieId = { $eq: filter.movieId };
  if (filter.isPaid !== undefined) query.isPaid = { $eq: filter.isPaid };
  if (filter.showsBetween) query.showStartsAt = { $gte: filter.showsBetween.from, $lt: filter.showsBetween.to };
  return query;
}

/** Live bookings of these shows: the ones whose seats are held or sold. */
export function liveBookingsOfShows(showIds: string[]): Filter {
  return { showId: { $in: showIds }, live: true };
}

/** Live bookings of a show holding any of these seats (to name the taken seats after a refused insert). */
export function liveHoldersOfSeats(showId: string, seats: string[]): Filter {
  return { showId: { $eq: showId }, live: true, seats: { $in: seats } };
}

/** Shows starting at or after `from`, or all shows. */
export function showsFrom(from: Date | undefined): Filter {
  return from ? { startsAt: { $gte: from } } : {};
}

export function upcomingShowsOfMovie(movieId: string, now: Date): Filter {
  return { movieId: { $eq: movieId }, startsAt: { $gt: now } };
}

/** Only a held, unpaid booking changes, so marking paid twice is harmless. */
export function markPaidUpdate(id: string, now: Date): { filter: Filter; update: Filter } {
  return {
    filter: { _id: { $eq: id }, isPaid: false, status: 'held' },
    update: { $set: { isPaid: true, status: 'paid', paidAt: now } },
  };
}

export interface ConditionalUpdate { filter: Filter; update: Filter }

/** Payment session and link of a held, unpaid booking that has none yet (the first session wins). */
export function attachSessionUpdate(id: string, session: { sessionId: string; paymentLink: string }): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, status: 'held', isPaid: false, paymentSessionId: null },
    update: { $set: { paymentSessionId: session.sessionId, paymentLink: session.paymentLink } },
  };
}

/** held and unpaid -> paid, with the provider's payment id. */
export function confirmPaymentUpdate(id: string, now: Date, paymentIntentId: string | null): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, isPaid: false, status: 'held' },
    update: { $set: { isPaid: true, status: 'paid', paidAt: now, paymentIntentId } },
  };
}

/**
 * held and unpaid -> cancelled. `live: false` takes the booking out of the seat
 * ledger's unique index in the same single-document write: the seats are released
 * exactly when the status changes, and only by the one caller whose update matched.
 */
export function cancelHoldUpdate(id: string, expiredBy?: Date): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, status: 'held', isPaid: false, ...(expiredBy ? { holdExpiresAt: { $lte: expiredBy } } : {}) },
    update: { $set: { status: 'cancelled', live: false, paymentLink: null } },
  };
}

/** Held, unpaid bookings whose hold ended by `now` (served by the partial index on unpaid holds). */
export function expiredHoldsFilter(now: Date): Filter {
  return { isPaid: false, status: 'held', holdExpiresAt: { $lte: now } };
}

/** Held, unpaid bookings that have a payment session to check. */
export function awaitingPaymentFilter(): Filter {
  return { isPaid: false, status: 'held', paymentSessionId: { $type: 'string' } };
}

/**
 * cancelled (and not flagged for refund) -> paid and live again. Becoming live puts
 * the seats back into the unique index: if any is now in another live booking the
 * server refuses the whole update (duplicate key), so all seats are taken or none.
 */
export function retakeSeatsUpdate(id: string, now: Date, paymentIntentId: string | null): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, status: 'cancelled', live: false, refundStatus: null },
    update: { $set: { live: true, status: 'paid', isPaid: true, paidAt: now, paymentIntentId, paymentLink: null } },
  };
}

/** cancelled, not yet flagged -> refund pending, with the payment kept on record. */
export function flagRefundUpdate(id: string, paymentIntentId: string | null, reason: string): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, status: 'cancelled', refundStatus: null },
    update: { $set: { refundStatus: 'pending', refundReason: reason, paymentIntentId } },
  };
}

export function refundOutcomeUpdate(
  id: string,
  outcome: { status: string; refundId?: string | null; reason: string },
): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, refundStatus: 'pending' },
    update: {
      $set: { refundStatus: outcome.status, refundReason: outcome.reason, ...(outcome.refundId !== undefined ? { refundId: outcome.refundId } : {}) },
    },
  };
}

/** Late payments still to refund (served by the partial index on pending refunds). */
export function pendingRefundsFilter(): Filter {
  return { refundStatus: 'pending' };
}

/** Oldest first; the id breaks ties. */
export const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

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

/** Records the one refund of a paid session. */
export function refundSessionUpdate(id: string, refundId: string, amountCents: number): ConditionalUpdate {
  return {
    filter: { _id: { $eq: id }, paymentStatus: 'paid', refundedCents: 0 },
    update: { $set: { refundId, refundedCents: amountCents } },
  };
}

/** Movies with a show after `now`, once each, soonest next show first, then by title (runs on `shows`). */
export function upcomingMoviesPipeline(now: Date): PipelineStage[] {
  return [
    { $match: { startsAt: { $gt: now } } },
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

/** MongoDB's duplicate key error (E11000), from a single write or a bulk write. */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  if (code === 11000) return true;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((e) => (e as { code?: unknown })?.code === 11000);
}

export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
