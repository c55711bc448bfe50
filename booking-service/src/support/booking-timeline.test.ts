import { describe, expect, it } from 'vitest';
import type { SeatReturn } from '../bookings/booking.ts';
import type { CheckIn } from '../check-in/check-in.ts';
import type { OutboxMessage } from '../email/outbox.ts';
import { bookingTimeline, timelineEntryJson, type TimelineFacts, type TimelineSource } from './booking-timeline.ts';
import { TIMELINE_SOURCES } from './timeline-sources.ts';
import { bookingWithDetails as booking, T0 } from '../../test/support/booking-fixture.ts';

const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function facts(overrides: Partial<TimelineFacts> = {}): TimelineFacts {
  return { booking: booking(), scans: [], actions: [], messages: [], returns: [], timeZone: 'Asia/Kolkata', currency: 'USD', ...overrides };
}

function eTicket(at: Date): OutboxMessage {
  return { id: 'm1', bookingId: 'b1', kind: 'booking-confirmation', toAddress: 'ana@example.com', subject: 'Your tickets for Film', text: '', html: '', createdAt: at, sentAt: at, attempts: 0, lastError: null, nextAttemptAt: null };
}

const timeline = (f: TimelineFacts) => bookingTimeline(f, TIMELINE_SOURCES).map(timelineEntryJson);
const titles = (f: TimelineFacts) => timeline(f).map((entry) => entry.title);

describe("support's booking timeline", () => {
  it('a held booking: created by its owner with seats and amount, held until a time on the cinema clock', () => {
    expect(timeline(facts())).toEqual([
      { kind: 'created', at: T0.toISOString(), title: 'Booking created', detail: 'Seats E5, E6 · $25.00', by: 'Ana Lima (ana@example.com)' },
      { kind: 'held', at: T0.toISOString(), title: 'Seats held', detail: 'Held until Dec 1, 2026, 6:40 PM for payment', by: null },
    ]);
  });

  it('lists an e-ticket stamped as it was queued (before the payment write) after the payment, keeping its own time', () => {
    const paid = booking({ status: 'paid', isPaid: true, paidAt: minutes(2), paymentSessionId: 'cs_test_1', confirmation: 'queued' });
    const entries = timeline(facts({ booking: paid, messages: [eTicket(new Date(minutes(2).getTime() - 5))] }));
    expect(entries.map((e) => e.title)).toEqual(['Booking created', 'Seats held', 'Paid', 'E-ticket sent']);
    expect(entries[2]).toMatchObject({ detail: '$25.00 through Stripe', by: 'Ana Lima (ana@example.com)' });
    expect(entries[3]!.at).toBe(new Date(minutes(2).getTime() - 5).toISOString());
  });

  it('names every door outcome, with the door and the staff member', () => {
    const paid = booking({ status: 'paid', isPaid: true, paidAt: minutes(2), paymentSessionId: 'cs_local_1' });
    const scan = (outcome: CheckIn['outcome'], n: number): CheckIn => ({ id: `c${n}`, bookingId: 'b1', code: 'K7M2P9QX4D', door: 'Door 3', staffId: 'd', staffName: 'Dora', outcome, at: minutes(60 + n) });
    const entries = timeline(facts({ booking: paid, scans: [scan('too-early', 1), scan('admitted', 2), scan('already-admitted', 3)] }));
    expect(entries.slice(3)).toEqual([
      { kind: 'door-scan', at: minutes(61).toISOString(), title: 'Refused: too early, the doors were not open for this show yet', detail: 'At Door 3', by: 'Dora' },
      { kind: 'door-scan', at: minutes(62).toISOString(), title: 'Admitted', detail: 'At Door 3', by: 'Dora' },
      { kind: 'door-scan', at: minutes(63).toISOString(), title: 'Scanned again: already admitted', detail: 'At Door 3', by: 'Dora' },
    ]);
  });

  it('tells who ended a hold: its lapse, the show cancelled, released early, or not recorded (no time made up)', () => {
    const cancelledAt = (at: Date | null, show: Date | null = null) => facts({ booking: { ...booking({ status: 'cancelled', cancelledAt: at }), show: { ...booking().show, cancelledAt: show } } });
    expect(titles(cancelledAt(minutes(10)))[2]).toBe('Cancelled: the hold lapsed');
    expect(timeline(cancelledAt(minutes(5), minutes(5)))[2]).toMatchObject({ title: 'Cancelled: the cinema cancelled the show', by: 'Staff (show cancelled)' });
    expect(titles(cancelledAt(minutes(3)))[2]).toBe('Cancelled: released before the hold ended');
    expect(timeline(cancelledAt(null))[2]).toMatchObject({ at: null, title: 'Cancelled: the hold ended unpaid', detail: expect.stringContaining('the hold ran until Dec 1, 2026, 6:40 PM') });
  });

  it("a paid booking cancelled by the cinema: refund requested at the cancellation, its failure after it, with the provider's reason", () => {
    const cancelled = booking({
      status: 'cancelled', paidAt: minutes(2), paymentSessionId: 'cs_local_1', cancelledAt: minutes(30), refundStatus: 'failed',
      refundReason: 'The show was cancelled by the cinema: refunded in full (refund failed: the provider reports canceled)',
    });
    const entries = timeline(facts({ booking: cancelled }));
    expect(entries.map((e) => e.title)).toEqual(['Booking created', 'Seats held', 'Paid', 'Cancelled: the cinema cancelled the show', 'Refund requested', 'Refund failed']);
    expect(entries[4]).toMatchObject({ at: minutes(30).toISOString(), detail: '$25.00 to the card paid with' });
    expect(entries[5]).toMatchObject({ at: null, kind: 'refund-failed', detail: expect.stringContaining('the provider reports canceled') });
  });

  it('a late payment for seats taken meanwhile: the hold lapsed, then the payment kept and refunded', () => {
    const late = booking({ status: 'cancelled', cancelledAt: minutes(11), refundStatus: 'refunded', refundReason: 'Payment arrived at ..., seats E5 had been booked by someone else, so the payment is refunded' });
    expect(titles(facts({ booking: late }))).toEqual(['Booking created', 'Seats held', 'Cancelled: the hold lapsed', 'Payment arrived late', 'Refund requested', 'Refund settled']);
  });

  it('a partial cancellation: made for three seats, one given back with its refund, the ticket valid for the rest, then admitted', () => {
    const paid = booking({ status: 'paid', isPaid: true, paidAt: minutes(2), paymentSessionId: 'cs_local_1', seats: ['E5', 'E6'], amountCents: 2500, returnedSeats: ['E7'], returnedCents: 1250 });
    const given: SeatReturn = { id: 'r1', bookingId: 'b1', seats: ['E7'], amountCents: 1250, returnedBy: 'u1', returnedAt: minutes(30), refundStatus: 'refunded', refundId: 're_1', refundReason: '' };
    const admitted: CheckIn = { id: 'c1', bookingId: 'b1', code: 'K7M2P9QX4D', door: 'Door 3', staffId: 'd', staffName: 'Dora', outcome: 'admitted', at: minutes(60) };
    const entries = timeline(facts({ booking: paid, returns: [given], scans: [admitted] }));
    expect(entries.map((e) => e.title)).toEqual(['Booking created', 'Seats held', 'Paid', 'Seats given back by the moviegoer', 'Refund settled', 'Admitted']);
    expect(entries[0]!.detail).toBe('Seats E5, E6, E7 · $37.50');
    expect(entries[2]!.detail).toBe('$37.50 through the local test checkout');
    expect(entries[3]).toMatchObject({ kind: 'seats-returned', detail: 'Seat E7 · $12.50 to be refunded · the ticket stays valid for Seats E5, E6', by: 'Ana Lima (ana@example.com)' });
    expect(entries[4]).toMatchObject({ kind: 'refund-settled', at: null, detail: '$12.50 for Seat E7 refunded to the card' });
  });

  it('takes one more source as one more function', () => {
    const returns: TimelineSource = (f) => [{ kind: 'cancelled', at: minutes(5), title: 'Seat returned', detail: `E6 · ${f.currency}`, by: null }];
    expect(bookingTimeline(facts(), [...TIMELINE_SOURCES, returns]).map((e) => e.title)).toEqual(['Booking created', 'Seats held', 'Seat returned']);
  });
});
