import type { QueuedMessage } from '../email/outbox.ts';
import type { BookingRepository } from './booking-repository.ts';
import type { Booking, RefundStatus, SeatReturn } from './booking.ts';
import { queues, transitions } from './booking-state-machine.ts';

/** The outcome of a transition: the booking as it now is, and whether this call changed it. */
export interface Transition { booking: Booking; changed: boolean }

/** Taking back the seats of a cancelled booking for a payment that came after its hold. */
export type RetakeResult =
  | { outcome: 'confirmed'; booking: Booking }
  | { outcome: 'seats-taken'; takenSeats: string[]; booking: Booking }
  /** The booking is not cancelled (any more), or is already flagged for refund: nothing changed. */
  | { outcome: 'not-cancelled'; booking: Booking };

export type BookingTransitions = ReturnType<typeof bookingTransitions>;

/**
 * The lifecycle's transitions applied to a store: each is one guarded update, so repeating one,
 * or racing another caller, changes the booking at most once. Null when the booking is unknown.
 */
export function bookingTransitions(bookings: BookingRepository) {
  async function apply(id: string, update: Parameters<BookingRepository['updateIf']>[1]): Promise<Transition | null> {
    const result = await bookings.updateIf(id, update);
    return result && { booking: result.booking, changed: result.changed };
  }

  return {
    /** Marks paid if held, with no e-ticket queued (the confirmation sweep's work); the booking as it now is. */
    async markPaid(id: string, now: Date): Promise<Booking | null> {
      return (await apply(id, transitions.confirmPayment({ now })))?.booking ?? null;
    },

    /** Marks one of the seed's sample sales paid: no e-ticket, by design. */
    async markSamplePaid(id: string, now: Date): Promise<Booking | null> {
      return (await apply(id, transitions.paySample({ now })))?.booking ?? null;
    },

    /** The booking with this session, or null when it is no longer held or already has one. */
    async attachPaymentSession(id: string, session: { sessionId: string; paymentLink: string }): Promise<Booking | null> {
      const result = await apply(id, transitions.attachPaymentSession(session));
      return result?.changed ? result.booking : null;
    },

    /** held -> paid, with the e-ticket (when given) queued in the same write. */
    confirmPayment: (id: string, payment: { now: Date; paymentIntentId: string | null; eTicket?: QueuedMessage }) =>
      apply(id, transitions.confirmPayment(payment)),

    /** Queues the e-ticket of a paid booking that has none, once. */
    queueConfirmation: (id: string, eTicket: QueuedMessage) => apply(id, transitions.queueConfirmation(eTicket)),

    /** A paid booking whose queued e-ticket the outbox lost: none queued again (changed: this call did it). */
    forgetLostConfirmation: (id: string) => apply(id, transitions.forgetLostConfirmation()),

    /** Paid bookings whose queued e-ticket the outbox lost, oldest first. */
    listWithLostConfirmation: (kind: string, limit: number) => bookings.listWithLostMessage(kind, limit),

    /** Records that a paid booking's e-ticket is in the outbox already. */
    recordConfirmation: (id: string) => apply(id, transitions.recordConfirmation()),

    cancelHold: (id: string, options?: { expiredBy?: Date; now?: Date }) => apply(id, transitions.cancelHold(options)),

    async retakeSeats(id: string, payment: { now: Date; paymentIntentId: string | null; eTicket?: QueuedMessage }): Promise<RetakeResult | null> {
      const result = await bookings.updateIf(id, transitions.payLate(payment));
      if (!result) return null;
      if (result.changed) return { outcome: 'confirmed', booking: result.booking };
      if (result.takenSeats) return { outcome: 'seats-taken', takenSeats: result.takenSeats, booking: result.booking };
      return { outcome: 'not-cancelled', booking: result.booking };
    },

    flagRefund: (id: string, refund: { paymentIntentId: string | null; reason: string }) => apply(id, transitions.flagRefund(refund)),

    /** A paid booking cancelled (its owner, or the show's cancellation): seats released and refund pending in one write. */
    cancelPaid: (id: string, refund: { reason: string; now: Date }) => apply(id, transitions.cancelPaid(refund)),

    /** Some seats of a paid, unused booking given back: they leave it and the ledger with the return's record, in one write. */
    returnSeats: (booking: Booking, seatReturn: SeatReturn) => apply(booking.id, transitions.returnSeats(booking, seatReturn)),

    setRefundOutcome: (id: string, outcome: { status: RefundStatus; refundId?: string | null; reason: string }) =>
      apply(id, transitions.recordRefundOutcome(outcome)),

    /** Held bookings whose hold ended by `now`, oldest hold first. */
    listExpiredHolds: (now: Date, limit: number) => bookings.listMatching(queues.expiredHolds(now), 'holdExpiresAt', limit),

    /** Held bookings with a payment session, to check with the provider; oldest first. */
    listAwaitingPayment: (limit: number) => bookings.listMatching(queues.awaitingPayment, 'createdAt', limit),

    /** Paid bookings without an e-ticket (nor sample data), oldest first. */
    listUnconfirmedPaid: (limit: number) => bookings.listMatching(queues.unconfirmedPaid, 'createdAt', limit),

    /** Bookings with a refund still to make, oldest first. */
    listPendingRefunds: (limit: number) => bookings.listMatching(queues.pendingRefunds, 'createdAt', limit),
  };
}
