import type { Booking } from 'booking-service/contract';
import { describe, expect, it } from 'vitest';
import { groupBookings } from './booking-groups';

const NOW = Date.parse('2026-11-28T18:00:00Z');
const at = (iso: string) => new Date(iso).toISOString();

function booking(id: string, showDateTime: string, status: Booking['status'], runtime = 120): Booking {
  return {
    _id: id,
    amount: 10,
    bookedSeats: ['A1'],
    isPaid: status === 'paid',
    status,
    paymentLink: null,
    holdExpiresAt: at('2026-11-28T18:10:00Z'),
    createdAt: at('2026-11-20T10:00:00Z'),
    show: { _id: `show-${id}`, showDateTime: at(showDateTime), showPrice: 10, movie: { runtime } as Booking['show']['movie'] },
  } as Booking;
}

describe('My Bookings groups', () => {
  it('keeps holds first, then tickets for shows not over, soonest first; the rest newest first', () => {
    const bookings = [
      booking('tomorrow', '2026-11-29T18:00:00Z', 'paid'),
      booking('tonight', '2026-11-28T20:00:00Z', 'paid'),
      booking('held', '2026-11-30T18:00:00Z', 'held'),
      booking('running', '2026-11-28T17:00:00Z', 'paid'), // started an hour ago, 2 h long: still on
      booking('over', '2026-11-28T15:00:00Z', 'paid'), // ended an hour ago
      booking('lastWeek', '2026-11-21T15:00:00Z', 'paid'),
      booking('dropped', '2026-11-30T18:00:00Z', 'cancelled'),
      { ...booking('refunded', '2026-11-29T19:00:00Z', 'paid'), refundStatus: 'refunded' as const },
    ];
    const { current, earlier } = groupBookings(bookings, NOW);
    expect(current.map((b) => b._id)).toEqual(['held', 'running', 'tonight', 'tomorrow']);
    expect(earlier.map((b) => b._id)).toEqual(['dropped', 'refunded', 'over', 'lastWeek']);
  });

  it('gives a show with no runtime three hours', () => {
    const { current, earlier } = groupBookings([booking('short', '2026-11-28T15:30:00Z', 'paid', 0), booking('gone', '2026-11-28T14:30:00Z', 'paid', 0)], NOW);
    expect(current.map((b) => b._id)).toEqual(['short']);
    expect(earlier.map((b) => b._id)).toEqual(['gone']);
  });
});
