import { describe, expect, it } from 'vitest';
import type { Booking, SeatReturn } from './booking.ts';
import { isAwaitingPayment, matchesGuard, NEW_BOOKING_STATE, queues, transitions, type GuardedUpdate } from './booking-state-machine.ts';

const at = new Date('2031-05-01T12:00:00.000Z');
const holdEnds = new Date('2031-05-01T12:10:00.000Z');

function booking(state: Partial<Booking>): Booking {
  return {
    id: 'b1', userId: 'u1', showId: 's1', seats: ['A1'], amountCents: 1250, ...NEW_BOOKING_STATE,
    paymentLink: 'https://pay', paymentSessionId: null, paymentIntentId: null, holdExpiresAt: holdEnds, paidAt: null,
    createdAt: at, ticketCode: 'T', refundStatus: null, refundReason: null, refundId: null, confirmation: null, admittedAt: null, cancelledAt: null,
    returnedSeats: [], returnedCents: 0, ...state,
  };
}

function seatReturn(seats: string[], amountCents: number): SeatReturn {
  return { id: 'r1', bookingId: 'b1', seats, amountCents, returnedBy: 'u1', returnedAt: at, refundStatus: 'pending', refundId: null, refundReason: 'given back' };
}

const states = {
  'held': booking({}),
  'held with a session': booking({ paymentSessionId: 'cs_1' }),
  'paid': booking({ status: 'paid', isPaid: true, paidAt: at }),
  'paid for two': booking({ status: 'paid', isPaid: true, paidAt: at, seats: ['A1', 'A2'], amountCents: 2500 }),
  'admitted': booking({ status: 'paid', isPaid: true, paidAt: at, admittedAt: at }),
  'cancelled': booking({ status: 'cancelled', paymentLink: null }),
  'refund pending': booking({ status: 'cancelled', refundStatus: 'pending' }),
  'refunded': booking({ status: 'cancelled', refundStatus: 'refunded' }),
};

const updates: Record<string, GuardedUpdate> = {
  attachPaymentSession: transitions.attachPaymentSession({ sessionId: 'cs_2', paymentLink: 'https://pay/2' }),
  confirmPayment: transitions.confirmPayment({ now: at, paymentIntentId: 'pi_1' }),
  cancelHold: transitions.cancelHold(),
  payLate: transitions.payLate({ now: at, paymentIntentId: 'pi_1' }),
  flagRefund: transitions.flagRefund({ paymentIntentId: 'pi_1', reason: 'seats taken' }),
  recordRefundOutcome: transitions.recordRefundOutcome({ status: 'refunded', refundId: 're_1', reason: 'seats taken' }),
  cancelPaid: transitions.cancelPaid({ reason: 'cancelled by the customer', now: at }),
  // Built from the two-seat booking as read: it applies only while the booking still has exactly those seats.
  returnSeats: transitions.returnSeats(booking({ seats: ['A1', 'A2'], amountCents: 2500 }), seatReturn(['A2'], 1250)),
  admit: transitions.admit({ at }),
};

/** Which transition each state allows: the lifecycle's table, read back from its guards. */
const allowed: Record<keyof typeof states, string[]> = {
  'held': ['attachPaymentSession', 'confirmPayment', 'cancelHold'],
  'held with a session': ['confirmPayment', 'cancelHold'],
  'paid': ['cancelPaid', 'admit'],
  'paid for two': ['cancelPaid', 'returnSeats', 'admit'],
  // One fate per ticket: once admitted, nothing cancels or refunds it.
  'admitted': [],
  'cancelled': ['payLate', 'flagRefund'],
  'refund pending': ['recordRefundOutcome'],
  'refunded': [],
};

describe('the booking lifecycle', () => {
  for (const [name, state] of Object.entries(states)) {
    it(`from ${name}, allows exactly ${allowed[name as keyof typeof states].join(', ') || 'nothing'}`, () => {
      const permitted = Object.entries(updates).filter(([, update]) => matchesGuard(state, update.guard)).map(([transition]) => transition);
      expect(permitted).toEqual(allowed[name as keyof typeof states]);
    });
  }

  it('leads each transition to the state it names, with its seat effect', () => {
    const apply = (from: Booking, update: GuardedUpdate) => ({ ...from, ...update.changes });
    expect(apply(states.held, updates.confirmPayment!)).toMatchObject({ status: 'paid', isPaid: true, paidAt: at, paymentIntentId: 'pi_1' });
    expect(apply(states.held, updates.cancelHold!)).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null });
    expect(apply(states.cancelled, updates.payLate!)).toMatchObject({ status: 'paid', isPaid: true, paymentLink: null });
    expect(apply(states.cancelled, updates.flagRefund!)).toMatchObject({ status: 'cancelled', refundStatus: 'pending', paymentIntentId: 'pi_1' });
    expect(updates.cancelHold!.seats).toBe('release');
    expect(updates.payLate!.seats).toBe('retake');
    expect(apply(states.paid, updates.admit!)).toMatchObject({ status: 'paid', isPaid: true, admittedAt: at });
    expect(apply(states.paid, updates.cancelPaid!)).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'pending', cancelledAt: at });
    expect(updates.cancelPaid!.seats).toBe('release');
    expect(Object.values(updates).filter((u) => u.seats === 'keep')).toHaveLength(5);
  });

  it('cancels a hold on expiry only once the hold has ended', () => {
    const timed = transitions.cancelHold({ expiredBy: new Date(holdEnds.getTime() - 1) });
    expect(matchesGuard(states.held, timed.guard)).toBe(false);
    expect(matchesGuard(states.held, transitions.cancelHold({ expiredBy: holdEnds }).guard)).toBe(true);
  });

  it('confirms a payment without a provider record (support, the seed) leaving the payment id alone', () => {
    expect(transitions.confirmPayment({ now: at }).changes).toEqual({ status: 'paid', isPaid: true, paidAt: at });
  });

  it('gives seats back: the seats and amount shrink, the return is recorded in the same write, the seats released', () => {
    const update = transitions.returnSeats({ seats: ['A1', 'A2', 'H1'], amountCents: 3800, returnedSeats: ['B1'], returnedCents: 1000 }, seatReturn(['H1', 'A1'], 2800));
    expect(update.changes).toEqual({ seats: ['A2'], amountCents: 1000, returnedSeats: ['B1', 'H1', 'A1'], returnedCents: 3800 });
    expect(update.seats).toBe('return');
    expect(update.seatReturn).toMatchObject({ seats: ['H1', 'A1'], amountCents: 2800 });
    expect(update.guard).toMatchObject({ status: 'paid', refundStatus: null, admitted: false, seats: ['A1', 'A2', 'H1'] });
  });

  it('names the queues of the background jobs', () => {
    expect(matchesGuard(states.held, queues.expiredHolds(holdEnds))).toBe(true);
    expect(matchesGuard(states.held, queues.expiredHolds(at))).toBe(false);
    expect(matchesGuard(states['held with a session'], queues.awaitingPayment)).toBe(true);
    expect(matchesGuard(states.held, queues.awaitingPayment)).toBe(false);
    expect(matchesGuard(states['refund pending'], queues.pendingRefunds)).toBe(true);
    expect(isAwaitingPayment(states.held)).toBe(true);
    expect(isAwaitingPayment(states.cancelled)).toBe(false);
  });
});
