import { mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { offlineModels, SHOW_ID } from '../../../test/support/mongo-fixtures.ts';
import { queues, transitions } from '../../bookings/booking-state-machine.ts';
import { bookingSchema, checkoutSessionSchema, outboxSchema } from './schemas.ts';
import {
  claimMessageUpdate,
  completeSessionUpdate,
  dueMessagesFilter,
  expireSessionUpdate,
  markFailedUpdate,
  markSentUpdate,
  refundSessionUpdate,
  type ConditionalUpdate,
  bookingListFilter,
  clearQueuedEmailUpdate,
  guardedBookingUpdate,
  guardFilter,
  QUEUED_EMAILS,
  bulkWriteResultOf,
  isDuplicateKeyError,
  liveBookingsOfShows,
  liveHoldersOfSeats,
  NEWEST_FIRST,
  newestFirst,
  salesSummaryPipeline,
  seatLedgers,
  showsBetween,
  usersWithEmail,
  takenSeats,
  upcomingMoviesPipeline,
  upcomingShowsOfMovie,
} from './queries.ts';

/** The queries the MongoDB store sends, built and cast without a server. */

const models = offlineModels();
const from = new Date('2031-05-02T00:00:00.000Z');
const to = new Date('2031-05-03T00:00:00.000Z');
const OTHER_SHOW = '11111111-2222-4333-8444-555555555555';

describe('newest first in memory', () => {
  it('orders as NEWEST_FIRST does: later createdAt first, then the greater id', () => {
    const at = (iso: string) => new Date(iso);
    const docs = [
      { _id: 'a', createdAt: at('2031-05-01T10:00:00Z') },
      { _id: 'c', createdAt: at('2031-05-01T11:00:00Z') },
      { _id: 'b', createdAt: at('2031-05-01T10:00:00Z') },
    ];
    expect(docs.sort(newestFirst).map((d) => d._id)).toEqual(['c', 'b', 'a']);
  });
});

describe('booking list filter', () => {
  it('is empty without criteria, and ignores empty strings as the PostgreSQL store does', () => {
    expect(bookingListFilter({})).toEqual({});
    expect(bookingListFilter({ bookingId: '', userId: '', movieId: '' })).toEqual({});
  });

  it('turns each criterion into an exact match on the booking', () => {
    expect(bookingListFilter({ bookingId: SHOW_ID })).toEqual({ _id: { $eq: SHOW_ID } });
    expect(bookingListFilter({ userId: 'auth0|abc' })).toEqual({ userId: { $eq: 'auth0|abc' } });
    expect(bookingListFilter({ movieId: '1001' })).toEqual({ movieId: { $eq: '1001' } });
    expect(bookingListFilter({ isPaid: false })).toEqual({ isPaid: { $eq: false } });
    expect(bookingListFilter({ isPaid: true })).toEqual({ isPaid: { $eq: true } });
  });

  it('matches a show date as a half-open range of instants on the copied show time', () => {
    expect(bookingListFilter({ showsBetween: { from, to } })).toEqual({ showStartsAt: { $gte: from, $lt: to } });
  });

  it('combines criteria', () => {
    expect(bookingListFilter({ movieId: '1001', isPaid: true, showsBetween: { from, to }, userId: 'u' })).toEqual({
      userId: { $eq: 'u' },
      movieId: { $eq: '1001' },
      isPaid: { $eq: true },
      showStartsAt: { $gte: from, $lt: to },
    });
  });

  it("filters support's views and searches: states, a ticket code, and users by email in any case, taken literally", () => {
    expect(bookingListFilter({ statuses: ['held'], ticketCode: '7K2M9P4QRT' })).toEqual({ status: { $in: ['held'] }, ticketCode: { $eq: '7K2M9P4QRT' } });
    expect(models.Booking.find(bookingListFilter({ statuses: ['cancelled'], ticketCode: '7K2M9P4QRT' })).cast()).toBeDefined();
    expect(usersWithEmail('a.b+c@example.com')).toEqual({ email: { $regex: '^a\\.b\\+c@example\\.com$', $options: 'i' } });
    expect(new RegExp(usersWithEmail('a.b+c@example.com').email.$regex, 'i').test('A.B+C@EXAMPLE.COM')).toBe(true);
    expect(new RegExp(usersWithEmail('a.b+c@example.com').email.$regex, 'i').test('aXb+c@example.com')).toBe(false);
  });

  it('keeps a value that looks like an operator a plain value', () => {
    const sneaky = { $ne: null } as unknown as string;
    expect(bookingListFilter({ userId: sneaky })).toEqual({ userId: { $eq: { $ne: null } } });
    // mongoose refuses to cast it to a string instead of running it.
    expect(() => models.Booking.find(bookingListFilter({ userId: sneaky })).cast()).toThrow(/Cast to string failed/);
  });

  it('only names fields the booking schema has (the schema refuses any other in a query)', () => {
    const all = bookingListFilter({ bookingId: SHOW_ID, movieId: '1001', isPaid: true, showsBetween: { from, to }, userId: 'u' });
    expect(models.Booking.find(all).cast()).toEqual(all);
    const query = models.Booking.find(all).sort(NEWEST_FIRST).skip(50).limit(25);
    expect(query.getOptions()).toMatchObject({ sort: { createdAt: -1, _id: -1 }, skip: 50, limit: 25 });
  });
});

describe('seat and show queries', () => {
  it('reads the ledger from live bookings only', () => {
    expect(liveBookingsOfShows([SHOW_ID, OTHER_SHOW])).toEqual({ showId: { $in: [SHOW_ID, OTHER_SHOW] }, live: true });
    expect(liveHoldersOfSeats(SHOW_ID, ['A1', 'B2'])).toEqual({ showId: { $eq: SHOW_ID }, live: true, seats: { $in: ['A1', 'B2'] } });
    // Both include the partial index's filter (live: true), so the seat ledger index serves them.
    for (const filter of [liveBookingsOfShows([SHOW_ID]), liveHoldersOfSeats(SHOW_ID, ['A1'])]) {
      expect(filter).toMatchObject({ live: true });
      expect(() => models.Booking.find(filter).cast()).not.toThrow();
    }
  });

  it('selects shows from an instant (inclusive) or all, and a movie\'s upcoming shows (exclusive)', () => {
    expect(showsBetween(from)).toEqual({ startsAt: { $gte: from } });
    expect(showsBetween(undefined)).toEqual({});
    expect(showsBetween(from, to)).toEqual({ startsAt: { $gte: from, $lt: to } });
    expect(showsBetween(undefined, to)).toEqual({ startsAt: { $lt: to } });
    expect(upcomingShowsOfMovie('1001', from)).toEqual({ movieId: { $eq: '1001' }, startsAt: { $gt: from }, cancelledAt: null });
    expect(models.Show.find(upcomingShowsOfMovie('1001', from)).cast()).toEqual(upcomingShowsOfMovie('1001', from));
  });

  it('marks paid only a held, unpaid booking', () => {
    const { filter, update } = guardedBookingUpdate(SHOW_ID, transitions.confirmPayment({ now: from }));
    expect(filter).toEqual({ _id: { $eq: SHOW_ID }, isPaid: false, status: 'held' });
    expect(update).toEqual({ $set: { isPaid: true, status: 'paid', paidAt: from } });
    expect(() => models.Booking.find(filter).cast()).not.toThrow();
  });

  it('builds the seat ledgers per show', () => {
    const ledgers = seatLedgers([
      { showId: SHOW_ID, seats: ['A1', 'A2'], isPaid: true },
      { showId: SHOW_ID, seats: ['C3'], isPaid: false },
      { showId: OTHER_SHOW, seats: ['J9'], isPaid: false },
    ]);
    expect(ledgers.get(SHOW_ID)).toEqual({ A1: 'paid', A2: 'paid', C3: 'held' });
    expect(ledgers.get(OTHER_SHOW)).toEqual({ J9: 'held' });
    // Hall order, whatever order the bookings were read in.
    const shuffled = seatLedgers([
      { showId: SHOW_ID, seats: ['J1', 'B1'], isPaid: false },
      { showId: SHOW_ID, seats: ['A9', 'A2'], isPaid: true },
    ]);
    expect(Object.keys(shuffled.get(SHOW_ID)!)).toEqual(['A2', 'A9', 'B1', 'J1']);
    expect(seatLedgers([]).size).toBe(0);
  });

  it('names the taken seats in the order they were asked for', () => {
    expect(takenSeats(['D4', 'D3', 'D1'], [{ seats: ['D1', 'D2'] }, { seats: ['D3'] }])).toEqual(['D3', 'D1']);
    expect(takenSeats(['A1'], [])).toEqual([]);
  });
});

describe('payment updates: conditional single-document writes', () => {
  const at = new Date('2031-05-01T12:10:00.000Z');
  /** Every field an update sets is one the schema has (the schema refuses any other). */
  function setsKnownFields(schema: { path(name: string): unknown }, { update }: ConditionalUpdate) {
    for (const operator of Object.values(update) as Record<string, unknown>[]) {
      for (const field of Object.keys(operator)) expect(schema.path(field), field).toBeDefined();
    }
  }

  it('gives seats back in one conditional write: on the booking exactly as read, shrinking its seats and pushing the return', () => {
    const returned = { id: 'r1', bookingId: SHOW_ID, seats: ['A2'], amountCents: 1250, returnedBy: 'u1', returnedAt: new Date(0), refundStatus: 'pending' as const, refundId: null, refundReason: 'given back' };
    const u = guardedBookingUpdate(SHOW_ID, transitions.returnSeats({ seats: ['A1', 'A2'], amountCents: 2500, returnedSeats: [], returnedCents: 0 }, returned));
    expect(u).toEqual({
      filter: { _id: { $eq: SHOW_ID }, status: 'paid', isPaid: true, refundStatus: null, admittedAt: null, seats: { $eq: ['A1', 'A2'] } },
      update: {
        $set: { seats: ['A1'], amountCents: 1250, returnedSeats: ['A2'], returnedCents: 1250 },
        $push: { seatReturns: { _id: 'r1', bookingId: SHOW_ID, seats: ['A2'], amountCents: 1250, returnedBy: 'u1', returnedAt: new Date(0), refundStatus: 'pending', refundId: null, refundReason: 'given back' } },
      },
    });
    setsKnownFields(bookingSchema, u);
    expect(() => models.Booking.find(u.filter).cast()).not.toThrow();
  });

  it('attaches a payment session only to a held, unpaid booking that has none yet', () => {
    const u = guardedBookingUpdate(SHOW_ID, transitions.attachPaymentSession({ sessionId: 'cs_1', paymentLink: 'https://checkout/x' }));
    expect(u).toEqual({
      filter: { _id: { $eq: SHOW_ID }, status: 'held', isPaid: false, paymentSessionId: null },
      update: { $set: { paymentSessionId: 'cs_1', paymentLink: 'https://checkout/x' } },
    });
    setsKnownFields(bookingSchema, u);
    expect(() => models.Booking.find(u.filter).cast()).not.toThrow();
  });

  it('confirms a payment only on a held, unpaid booking, recording the payment id', () => {
    const u = guardedBookingUpdate(SHOW_ID, transitions.confirmPayment({ now: at, paymentIntentId: 'pi_1' }));
    expect(u).toEqual({
      filter: { _id: { $eq: SHOW_ID }, isPaid: false, status: 'held' },
      update: { $set: { isPaid: true, status: 'paid', paidAt: at, paymentIntentId: 'pi_1' } },
    });
    setsKnownFields(bookingSchema, u);
  });

  it('queues the e-ticket on the booking document in the same write that pays it; the schema validates it', async () => {
    const ticket = {
      id: '7a0c1e52-41b4-4c1a-9d8e-0f3b2a1c4d5e',
      bookingId: SHOW_ID,
      kind: 'booking-confirmation',
      toAddress: 'maya@example.com',
      subject: 'Your tickets',
      text: 'Ticket code: K7M2P9QX4D',
      html: '<p>K7M2P9QX4D</p>',
      createdAt: at,
      sentAt: at,
      nextAttemptAt: null,
    };
    const u = guardedBookingUpdate(SHOW_ID, transitions.confirmPayment({ now: at, paymentIntentId: 'pi_1', eTicket: ticket }));
    expect(u.filter).toEqual({ _id: { $eq: SHOW_ID }, isPaid: false, status: 'held' });
    const { id, ...fields } = ticket;
    expect(u.update).toEqual({
      $set: {
        isPaid: true, status: 'paid', paidAt: at, paymentIntentId: 'pi_1', confirmation: 'queued',
        queuedEmail: { _id: id, ...fields, attempts: 0, lastError: null },
      },
    });
    setsKnownFields(bookingSchema, u);
    const queued = new models.Booking({ queuedEmail: (u.update.$set as { queuedEmail: unknown }).queuedEmail });
    expect(queued.validateSync(['queuedEmail'])).toBeUndefined();
    const broken = new models.Booking({ queuedEmail: { ...fields, _id: 'not-a-uuid' } });
    expect(broken.validateSync(['queuedEmail'])).toBeDefined();

    // The sweep's queue, its guarded write, and the mailer's move to the outbox.
    expect(guardFilter(queues.unconfirmedPaid)).toEqual({ isPaid: true, confirmation: null });
    const sweep = guardedBookingUpdate(SHOW_ID, transitions.queueConfirmation(ticket));
    expect(sweep.filter).toEqual({ _id: { $eq: SHOW_ID }, isPaid: true, confirmation: null });
    expect(() => models.Booking.find(sweep.filter).cast()).not.toThrow();
    expect(() => models.Booking.find(QUEUED_EMAILS).cast()).not.toThrow();
    const clear = clearQueuedEmailUpdate(SHOW_ID, id);
    expect(clear).toEqual({ filter: { _id: { $eq: SHOW_ID }, 'queuedEmail._id': { $eq: id } }, update: { $unset: { queuedEmail: 1 } } });
    expect(() => models.Booking.find(clear.filter).cast()).not.toThrow();
  });

  it('cancels a hold and releases its seats (live: false) in the same write, optionally only once expired', () => {
    expect(guardedBookingUpdate(SHOW_ID, transitions.cancelHold())).toEqual({
      filter: { _id: { $eq: SHOW_ID }, status: 'held', isPaid: false, admittedAt: null },
      update: { $set: { status: 'cancelled', live: false, paymentLink: null } },
    });
    const timed = guardedBookingUpdate(SHOW_ID, transitions.cancelHold({ expiredBy: at }));
    expect(timed.filter).toEqual({ _id: { $eq: SHOW_ID }, status: 'held', isPaid: false, admittedAt: null, holdExpiresAt: { $lte: at } });
    setsKnownFields(bookingSchema, timed);
    expect(() => models.Booking.find(timed.filter).cast()).not.toThrow();
  });

  it('finds expired holds through the partial index on unpaid bookings, and bookings awaiting payment', () => {
    expect(guardFilter(queues.expiredHolds(at))).toEqual({ isPaid: false, status: 'held', holdExpiresAt: { $lte: at } });
    expect(guardFilter(queues.awaitingPayment)).toEqual({ isPaid: false, status: 'held', paymentSessionId: { $type: 'string' } });
    expect(guardFilter(queues.pendingRefunds)).toEqual({ refundStatus: 'pending' });
    for (const filter of [guardFilter(queues.expiredHolds(at)), guardFilter(queues.awaitingPayment), guardFilter(queues.pendingRefunds)]) {
      expect(() => models.Booking.find(filter).cast()).not.toThrow();
    }
  });

  it('re-takes the seats of a cancelled booking by making it live again (the unique index decides)', () => {
    const u = guardedBookingUpdate(SHOW_ID, transitions.payLate({ now: at, paymentIntentId: 'pi_2' }));
    expect(u.filter).toEqual({ _id: { $eq: SHOW_ID }, status: 'cancelled', live: false, refundStatus: null });
    expect(u.update).toEqual({ $set: { live: true, status: 'paid', isPaid: true, paidAt: at, paymentIntentId: 'pi_2', paymentLink: null } });
    setsKnownFields(bookingSchema, u);
  });

  it('flags a refund once, and moves only a pending refund on', () => {
    const flag = guardedBookingUpdate(SHOW_ID, transitions.flagRefund({ paymentIntentId: 'pi_3', reason: 'seats taken' }));
    expect(flag).toEqual({
      filter: { _id: { $eq: SHOW_ID }, status: 'cancelled', refundStatus: null, admittedAt: null },
      update: { $set: { refundStatus: 'pending', refundReason: 'seats taken', paymentIntentId: 'pi_3' } },
    });
    const done = guardedBookingUpdate(SHOW_ID, transitions.recordRefundOutcome({ status: 'refunded', refundId: 're_1', reason: 'seats taken' }));
    expect(done).toEqual({
      filter: { _id: { $eq: SHOW_ID }, refundStatus: 'pending', admittedAt: null },
      update: { $set: { refundStatus: 'refunded', refundReason: 'seats taken', refundId: 're_1' } },
    });
    expect(guardedBookingUpdate(SHOW_ID, transitions.recordRefundOutcome({ status: 'pending', reason: 'retry' })).update).toEqual({ $set: { refundStatus: 'pending', refundReason: 'retry' } });
    setsKnownFields(bookingSchema, flag);
    setsKnownFields(bookingSchema, done);
  });

  it('admits and cancels a paid booking on the same document, each only while it is not admitted (one fate per ticket)', () => {
    const admit = guardedBookingUpdate(SHOW_ID, transitions.admit({ at }));
    expect(admit).toEqual({
      filter: { _id: { $eq: SHOW_ID }, status: 'paid', isPaid: true, refundStatus: null, admittedAt: null },
      update: { $set: { admittedAt: at } },
    });
    const cancel = guardedBookingUpdate(SHOW_ID, transitions.cancelPaid({ reason: 'r', now: at }));
    expect(cancel.filter).toEqual(admit.filter);
    expect(cancel.update).toEqual({ $set: { status: 'cancelled', isPaid: false, paymentLink: null, refundStatus: 'pending', refundReason: 'r', cancelledAt: at, live: false } });
    setsKnownFields(bookingSchema, admit);
    setsKnownFields(bookingSchema, cancel);
  });

  it('claims, sends and fails outbox messages conditionally', () => {
    const lease = new Date(at.getTime() + 120_000);
    expect(dueMessagesFilter(at)).toEqual({ sentAt: null, nextAttemptAt: { $lte: at } });
    expect(claimMessageUpdate(SHOW_ID, at, lease)).toEqual({
      filter: { _id: { $eq: SHOW_ID }, sentAt: null, nextAttemptAt: { $lte: at } },
      update: { $set: { nextAttemptAt: lease } },
    });
    expect(markSentUpdate(SHOW_ID, at).update).toEqual({ $set: { sentAt: at, nextAttemptAt: null, lastError: null } });
    expect(markFailedUpdate(SHOW_ID, 'refused', lease)).toEqual({
      filter: { _id: { $eq: SHOW_ID }, sentAt: null },
      update: { $set: { lastError: 'refused', nextAttemptAt: lease }, $inc: { attempts: 1 } },
    });
    for (const u of [claimMessageUpdate(SHOW_ID, at, lease), markSentUpdate(SHOW_ID, at), markFailedUpdate(SHOW_ID, 'x', null)]) {
      setsKnownFields(outboxSchema, u);
      expect(() => models.Outbox.find(u.filter).cast()).not.toThrow();
    }
  });

  it('completes only an open, unexpired local checkout session; expires only an open one; refunds each key once, within what is left', () => {
    const complete = completeSessionUpdate('cs_1', at, 'pi_4');
    expect(complete).toEqual({
      filter: { _id: { $eq: 'cs_1' }, status: 'open', expiresAt: { $gt: at } },
      update: { $set: { status: 'complete', paymentStatus: 'paid', paymentIntentId: 'pi_4', completedAt: at } },
    });
    expect(expireSessionUpdate('cs_1')).toEqual({ filter: { _id: { $eq: 'cs_1' }, status: 'open' }, update: { $set: { status: 'expired' } } });
    const refund = refundSessionUpdate('cs_1', { refundId: 're_2', amountCents: 2550, key: 'refund-b', refundedBefore: 1000 });
    expect(refund).toEqual({
      filter: { _id: { $eq: 'cs_1' }, paymentStatus: 'paid', refundedCents: 1000, refundKeys: { $ne: 'refund-b' } },
      update: { $set: { refundId: 're_2', refundedCents: 3550 }, $push: { refundKeys: 'refund-b' } },
    });
    for (const u of [complete, expireSessionUpdate('cs_1'), refund]) {
      setsKnownFields(checkoutSessionSchema, u);
      expect(() => models.CheckoutSession.find(u.filter).cast()).not.toThrow();
    }
  });
});

describe('aggregation pipelines', () => {
  it('lists movies with upcoming shows once each, soonest next show first, then by title', () => {
    const now = new Date('2031-05-01T12:00:00.000Z');
    expect(upcomingMoviesPipeline(now)).toEqual([
      { $match: { startsAt: { $gt: now }, cancelledAt: null } },
      { $group: { _id: '$movieId', nextShow: { $min: '$startsAt' } } },
      { $lookup: { from: 'movies', localField: '_id', foreignField: '_id', as: 'movie' } },
      { $unwind: '$movie' },
      { $sort: { nextShow: 1, 'movie.title': 1, _id: 1 } },
      { $replaceWith: '$movie' },
    ]);
    // It runs on the shows collection and joins the collection the movie model uses.
    expect(models.Movie.collection.collectionName).toBe('movies');
  });

  it('sums paid bookings and their cents', () => {
    expect(salesSummaryPipeline()).toEqual([
      { $match: { isPaid: true } },
      { $group: { _id: null, paidBookings: { $sum: 1 }, revenueCents: { $sum: '$amountCents' } } },
    ]);
  });
});

describe('duplicate key errors', () => {
  it('reads the counts a bulk write reports with its error', () => {
    expect(bulkWriteResultOf({ code: 11000, result: { upsertedCount: 2 } })).toEqual({ upsertedCount: 2 });
    expect(bulkWriteResultOf(new Error('no result'))).toBeNull();
    expect(bulkWriteResultOf(null)).toBeNull();
  });

  it('recognises E11000 from a single write and from a bulk write of duplicates only', () => {
    expect(isDuplicateKeyError(new mongo.MongoServerError({ message: 'E11000 duplicate key error collection: cinema.bookings', code: 11000 }))).toBe(true);
    expect(isDuplicateKeyError({ writeErrors: [{ code: 11000 }, { code: 11000 }] })).toBe(true);
  });

  it("recognises FerretDB 2's InternalError for DocumentDB's unique index refusing a findOneAndUpdate", () => {
    const errmsg = 'conflicting key value violates exclusion constraint "documents_rum_index_33"';
    expect(isDuplicateKeyError(new mongo.MongoServerError({ errmsg, code: 1, codeName: 'InternalError' }))).toBe(true);
    expect(isDuplicateKeyError(new mongo.MongoServerError({ errmsg: 'some other internal error', code: 1, codeName: 'InternalError' }))).toBe(false);
    expect(isDuplicateKeyError(new mongo.MongoServerError({ errmsg, code: 2, codeName: 'BadValue' }))).toBe(false);
  });

  it('lets every other error through', () => {
    expect(isDuplicateKeyError(new mongo.MongoServerError({ message: 'not primary', code: 10107 }))).toBe(false);
    expect(isDuplicateKeyError({ writeErrors: [{ code: 11000 }, { code: 121 }] })).toBe(false);
    expect(isDuplicateKeyError({ writeErrors: [] })).toBe(false);
    expect(isDuplicateKeyError(new Error('E11000 in a message is not enough'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
    expect(isDuplicateKeyError('E11000')).toBe(false);
  });
});
