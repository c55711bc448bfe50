import type { QueuedMessage } from '../email/outbox.ts';
import type { Booking, BookingStatus, ConfirmationState, RefundStatus, SeatReturn } from './booking.ts';

/**
 * The booking lifecycle, declared once: its states, the transitions between them and the guard of
 * each. The stores know none of it; each implements one generic guarded update ("apply these
 * changes if the stored booking still matches this guard", in one atomic write together with the
 * seat effect), so whichever caller gets there first makes a transition and every other changes
 * nothing, whatever the concurrency and the number of service instances.
 *
 *   (created) ──▶ held ──confirmPayment──▶ paid
 *                 held ──attachPaymentSession──▶ held, with its payment session (the first wins)
 *                 held ──cancelHold──▶ cancelled              (its seats released in the same write)
 *            cancelled ──payLate──▶ paid                      (its seats taken back, all or none)
 *            cancelled ──flagRefund──▶ cancelled, refund pending (the payment kept on record)
 *                 paid ──cancelPaid──▶ cancelled, refund pending (its seats released in the same write;
 *                                      its owner within the cancellation policy, or staff cancelling the show)
 *                 paid ──returnSeats──▶ paid, fewer seats     (the seats given back released and their return recorded in
 *                                      the same write; their refund pending on the return's record)
 *                 paid ──admit──▶ paid, admitted at the door (for good: no cancellation, no refund after it)
 *       refund pending ──recordRefundOutcome──▶ refunded | failed | still pending (retried)
 *
 * One fate per ticket: admission and every cancellation or refund are transitions of the same booking
 * row/document and guard on it (`admitted: false` on each cancel and refund, `status: 'paid', admitted: false` on
 * admit), so of a door scan and a cancellation sent at once, on any instances, exactly one applies: the store's
 * row lock (PostgreSQL) or conditional single-document write (MongoDB) decides, never a read of another table.
 *
 * A payment (confirmPayment, payLate) queues the e-ticket in the same write that marks the booking
 * paid (`email`), so no crash can leave a paid booking without one; a paid booking without an
 * e-ticket (paid by an older version, or the e-ticket could not be prepared) gets exactly one from
 * the confirmation sweep (queueConfirmation). The seed's sample sales are paid without one (paySample).
 */

/** The state a new booking starts in: its seats held, unpaid. */
export const NEW_BOOKING_STATE = { status: 'held', isPaid: false } as const satisfies Pick<Booking, 'status' | 'isPaid'>;

/** What the stored booking must still be for a change to apply. Every field given must match. */
export interface BookingGuard {
  status?: BookingStatus;
  isPaid?: boolean;
  /** null: never flagged for refund. */
  refundStatus?: RefundStatus | null;
  /** 'none': no payment session recorded yet; 'some': one is. */
  paymentSession?: 'none' | 'some';
  /** The hold ended at or before this instant. */
  holdEndedBy?: Date;
  /** null: no e-ticket queued (and not sample data). */
  confirmation?: ConfirmationState | null;
  /** false: never admitted at the door (admittedAt null); the guard of every cancellation and refund. */
  admitted?: false;
  /** Exactly these seats, in this order: a change computed from the booking as read applies only to that booking. */
  seats?: readonly string[];
}

/** The fields a transition may change. */
export type BookingChanges = Partial<
  Pick<
    Booking,
    | 'status'
    | 'isPaid'
    | 'paidAt'
    | 'paymentIntentId'
    | 'paymentLink'
    | 'paymentSessionId'
    | 'refundStatus'
    | 'refundReason'
    | 'refundId'
    | 'confirmation'
    | 'admittedAt'
    | 'cancelledAt'
    | 'seats'
    | 'amountCents'
    | 'returnedSeats'
    | 'returnedCents'
  >
>;

/**
 * What the same write does to the seat ledger: nothing, release the booking's seats, take them
 * back (all of them, or the write does not happen and the store names the seats others hold), or
 * release the seats of the update's `seatReturn` (the rest stay the booking's).
 */
export type SeatEffect = 'keep' | 'release' | 'retake' | 'return';

export interface GuardedUpdate {
  guard: BookingGuard;
  changes: BookingChanges;
  seats: SeatEffect;
  /**
   * A message to queue in the same atomic write (the e-ticket): written only if the change is, and
   * never without it. PostgreSQL inserts the outbox row in the same transaction; MongoDB stores it
   * on the booking document in the same update, and the mailer moves it to the outbox.
   */
  email?: QueuedMessage;
  /**
   * Seats given back (seat effect 'return'): the record is written in the same atomic write, and only with it, so a
   * return is never lost nor made twice. PostgreSQL inserts its seat_returns row and deletes those seats' reservations
   * in the update's transaction; MongoDB pushes it onto the booking document in the same update (whose seats array,
   * the seat ledger's unique index, no longer has them).
   */
  seatReturn?: SeatReturn;
}

/**
 * The outcome of a guarded update: the booking as it now is, and whether this call changed it.
 * `takenSeats` names the seats held by other bookings when a retake could not take them back.
 */
export type GuardedUpdateResult = { booking: Booking; changed: true } | { booking: Booking; changed: false; takenSeats?: string[] };

/**
 * Never admitted at the door: part of the guard of every transition that cancels a booking or refunds it, so an
 * admission and a cancellation serialise on the booking itself (whichever writes first, the other finds no match).
 */
const NOT_ADMITTED = { admitted: false } as const satisfies BookingGuard;
/** Held and not paid: the only state a payment may confirm and a hold may end. */
const HELD: BookingGuard = { status: 'held', isPaid: false };
/** Cancelled and never flagged for refund: a late payment may still take its seats back. */
const CANCELLED_UNREFUNDED: BookingGuard = { status: 'cancelled', refundStatus: null };
/** Paid, not refunded, not admitted: what the door admits and what its owner or the cinema may cancel. */
const PAID_UNUSED: BookingGuard = { status: 'paid', isPaid: true, refundStatus: null, ...NOT_ADMITTED };
/** Paid, and no e-ticket queued for it. */
const PAID_UNCONFIRMED: BookingGuard = { isPaid: true, confirmation: null };

/** The e-ticket queued with a payment, when it could be prepared (without one the confirmation sweep sends it). */
function withETicket(eTicket: QueuedMessage | undefined): Pick<GuardedUpdate, 'email'> & { changes: BookingChanges } {
  return eTicket ? { changes: { confirmation: 'queued' }, email: eTicket } : { changes: {} };
}

export const transitions = {
  /** Records the payment session and its url on a held booking that has none yet: the first session wins. */
  attachPaymentSession: (session: { sessionId: string; paymentLink: string }): GuardedUpdate => ({
    guard: { ...HELD, paymentSession: 'none' },
    changes: { paymentSessionId: session.sessionId, paymentLink: session.paymentLink },
    seats: 'keep',
  }),

  /** held -> paid, recording the provider's payment id when there is one, and queueing the e-ticket with it. */
  confirmPayment: (payment: { now: Date; paymentIntentId?: string | null; eTicket?: QueuedMessage }): GuardedUpdate => {
    const eTicket = withETicket(payment.eTicket);
    return {
      guard: HELD,
      changes: {
        status: 'paid',
        isPaid: true,
        paidAt: payment.now,
        ...(payment.paymentIntentId !== undefined ? { paymentIntentId: payment.paymentIntentId } : {}),
        ...eTicket.changes,
      },
      seats: 'keep',
      ...(eTicket.email ? { email: eTicket.email } : {}),
    };
  },

  /** held -> paid for the seed's sample sales: no customer to write to, so no e-ticket, by design. */
  paySample: (payment: { now: Date }): GuardedUpdate => ({
    guard: HELD,
    changes: { status: 'paid', isPaid: true, paidAt: payment.now, confirmation: 'sample' },
    seats: 'keep',
  }),

  /** A paid booking without an e-ticket gets one (the confirmation sweep): once, whoever else tries. */
  queueConfirmation: (eTicket: QueuedMessage): GuardedUpdate => ({
    guard: PAID_UNCONFIRMED,
    changes: { confirmation: 'queued' },
    seats: 'keep',
    email: eTicket,
  }),

  /** A paid booking whose queued e-ticket the outbox lost (damage): back to none queued, for the sweep to queue it once. */
  forgetLostConfirmation: (): GuardedUpdate => ({ guard: { isPaid: true, confirmation: 'queued' }, changes: { confirmation: null }, seats: 'keep' }),

  /** A paid booking whose e-ticket is in the outbox already (queued by a version before the flag): records it. */
  recordConfirmation: (): GuardedUpdate => ({ guard: PAID_UNCONFIRMED, changes: { confirmation: 'queued' }, seats: 'keep' }),

  /**
   * held -> cancelled, releasing the seats and clearing the payment link; with `expiredBy`, only a hold that ended by
   * then. `cancelledAt` records when (support's timeline tells a lapsed hold from one released before its end).
   */
  cancelHold: (options: { expiredBy?: Date; now?: Date } = {}): GuardedUpdate => ({
    guard: { ...HELD, ...NOT_ADMITTED, ...(options.expiredBy ? { holdEndedBy: options.expiredBy } : {}) },
    changes: { status: 'cancelled', paymentLink: null, ...(options.now ? { cancelledAt: options.now } : {}) },
    seats: 'release',
  }),

  /** cancelled -> paid: a payment that came after the hold takes the seats back if every one is still free (e-ticket queued with it). */
  payLate: (payment: { now: Date; paymentIntentId: string | null; eTicket?: QueuedMessage }): GuardedUpdate => {
    const eTicket = withETicket(payment.eTicket);
    return {
      guard: CANCELLED_UNREFUNDED,
      changes: { status: 'paid', isPaid: true, paidAt: payment.now, paymentIntentId: payment.paymentIntentId, paymentLink: null, ...eTicket.changes },
      seats: 'retake',
      ...(eTicket.email ? { email: eTicket.email } : {}),
    };
  },

  /** cancelled -> refund pending: the late payment's seats were taken, so the payment is kept on record and refunded. */
  flagRefund: (refund: { paymentIntentId: string | null; reason: string }): GuardedUpdate => ({
    guard: { ...CANCELLED_UNREFUNDED, ...NOT_ADMITTED },
    changes: { refundStatus: 'pending', refundReason: refund.reason, paymentIntentId: refund.paymentIntentId },
    seats: 'keep',
  }),

  /**
   * paid -> cancelled with its refund pending, releasing the seats in the same write: the booking no
   * longer counts as paid (isPaid false, as a late payment's refund), while paidAt and the payment id
   * stay on record for the refund (refunds.ts) and for support; `cancelledAt` says when (the door names it to a
   * holder who comes anyway). Not once admitted: an admitted ticket was used, and stays paid.
   */
  cancelPaid: (refund: { reason: string; now: Date }): GuardedUpdate => ({
    guard: PAID_UNUSED,
    changes: { status: 'cancelled', isPaid: false, paymentLink: null, refundStatus: 'pending', refundReason: refund.reason, cancelledAt: refund.now },
    seats: 'release',
  }),

  /**
   * paid -> paid with fewer seats: the owner gives some seats back (payments/return-seats.ts). Only the booking as it
   * was read (its exact seats: of two returns at once one applies), paid, unrefunded and not admitted: of a door scan
   * and a return at once exactly one applies, and a scan after it admits the seats left. The seats leave the booking
   * and the ledger with the return's record in one write; their refund is the record's to make.
   */
  returnSeats: (booking: Pick<Booking, 'seats' | 'amountCents' | 'returnedSeats' | 'returnedCents'>, seatReturn: SeatReturn): GuardedUpdate => {
    const given = new Set(seatReturn.seats);
    return {
      guard: { ...PAID_UNUSED, seats: booking.seats },
      changes: {
        seats: booking.seats.filter((seat) => !given.has(seat)),
        amountCents: booking.amountCents - seatReturn.amountCents,
        returnedSeats: [...booking.returnedSeats, ...seatReturn.seats],
        returnedCents: booking.returnedCents + seatReturn.amountCents,
      },
      seats: 'return',
      seatReturn,
    };
  },

  /**
   * paid -> admitted at the door: the booking row/document records the admission (the check-in log's entry is written
   * in the same transaction on PostgreSQL, idempotently after it on MongoDB: the stores' check-in-repository.ts). Only a paid,
   * unrefunded, not yet admitted booking: of a scan and a cancellation at once exactly one applies.
   */
  admit: (admission: { at: Date }): GuardedUpdate => ({
    guard: PAID_UNUSED,
    changes: { admittedAt: admission.at },
    seats: 'keep',
  }),

  /** refund pending -> refunded / failed, or still pending with a new note (retried later). */
  recordRefundOutcome: (outcome: { status: RefundStatus; refundId?: string | null; reason: string }): GuardedUpdate => ({
    guard: { refundStatus: 'pending', ...NOT_ADMITTED },
    changes: {
      refundStatus: outcome.status,
      refundReason: outcome.reason,
      ...(outcome.refundId !== undefined ? { refundId: outcome.refundId } : {}),
    },
    seats: 'keep',
  }),
};

/** The bookings the background jobs work through, as guards (the stores list what matches, oldest first). */
export const queues = {
  /** Held bookings whose hold ended by `now`: the sweeper releases them. */
  expiredHolds: (now: Date): BookingGuard => ({ ...HELD, holdEndedBy: now }),
  /** Held bookings with a payment session: the reconciliation asks the provider about them. */
  awaitingPayment: { ...HELD, paymentSession: 'some' } satisfies BookingGuard,
  /** Late payments still to refund. */
  pendingRefunds: { refundStatus: 'pending' } satisfies BookingGuard,
  /** Paid bookings without an e-ticket: the confirmation sweep queues one each. */
  unconfirmedPaid: PAID_UNCONFIRMED,
};

/** Whether a booking matches a guard: the meaning every store's guarded update implements. */
export function matchesGuard(booking: Booking, guard: BookingGuard): boolean {
  if (guard.status !== undefined && booking.status !== guard.status) return false;
  if (guard.isPaid !== undefined && booking.isPaid !== guard.isPaid) return false;
  if (guard.refundStatus !== undefined && booking.refundStatus !== guard.refundStatus) return false;
  if (guard.paymentSession === 'none' && booking.paymentSessionId !== null) return false;
  if (guard.paymentSession === 'some' && booking.paymentSessionId === null) return false;
  if (guard.holdEndedBy && booking.holdExpiresAt.getTime() > guard.holdEndedBy.getTime()) return false;
  if (guard.confirmation !== undefined && booking.confirmation !== guard.confirmation) return false;
  if (guard.admitted === false && booking.admittedAt !== null) return false;
  if (guard.seats !== undefined && !sameSeats(booking.seats, guard.seats)) return false;
  return true;
}

function sameSeats(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((seat, i) => seat === b[i]);
}

/** A booking the customer can still pay on its payment page. */
export function isAwaitingPayment(booking: Booking): boolean {
  return matchesGuard(booking, HELD);
}
