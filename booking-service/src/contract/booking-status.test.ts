import { describe, expect, it } from 'vitest';
import { bookingStatusText } from './booking-status.ts';

const format = { money: (units: number) => `$${units.toFixed(2)}`, time: (iso: string) => iso.slice(0, 16).replace('T', ' ') };

describe('one status text per booking state (issue 53)', () => {
  it('a refunded booking says it was paid and refunded, with the amount and when it was cancelled; never that no money was taken', () => {
    const refunded = bookingStatusText({ isPaid: false, status: 'cancelled', refundStatus: 'refunded', amount: 25.5, cancelledAt: '2026-12-01T21:00:00.000Z' }, format);
    expect(refunded).toEqual({
      label: 'Cancelled · Refunded',
      detail: 'Paid $25.50; cancelled on 2026-12-01 21:00, and refunded in full to your card. The seats were released.',
      tone: 'muted',
    });
    expect(bookingStatusText({ isPaid: false, status: 'cancelled', refundStatus: 'pending', amount: 25.5, cancelledAt: '2026-12-01T21:00:00.000Z' }, format).detail).toBe(
      'Paid $25.50; cancelled on 2026-12-01 21:00. The full refund to your card is on its way.',
    );
    expect(bookingStatusText({ isPaid: false, status: 'cancelled', refundStatus: 'failed', amount: 25.5 }, format)).toMatchObject({
      label: 'Cancelled · Refund failed',
      detail: 'Paid $25.50. The refund did not go through yet: support will contact you.',
    });
  });

  it('a booking some of whose seats were given back says what was paid in all once it is cancelled (issue 53, item 4)', () => {
    const rest = bookingStatusText({ isPaid: false, status: 'cancelled', refundStatus: 'refunded', amount: 10, returnedAmount: 28, cancelledAt: '2026-12-01T21:00:00.000Z' }, format);
    expect(rest.detail).toBe('Paid $38.00; cancelled on 2026-12-01 21:00, and refunded in full to your card. The seats were released.');
  });

  it('each other state has one label, the same with or without the amounts', () => {
    expect(bookingStatusText({ isPaid: true, status: 'paid' })).toEqual({ label: 'Paid', detail: null, tone: 'success' });
    expect(bookingStatusText({ isPaid: false, status: 'held' })).toEqual({ label: 'Awaiting payment', detail: null, tone: 'warning' });
    expect(bookingStatusText({ isPaid: false, status: 'held', holdLapsed: true }).detail).toBe('Not paid in time: the seats are being released. No money was taken.');
    expect(bookingStatusText({ isPaid: false, status: 'cancelled' })).toMatchObject({ label: 'Cancelled: not paid', detail: expect.stringContaining('no money was taken') });
    expect(bookingStatusText({ isPaid: false, status: 'cancelled', refundStatus: 'refunded' }).label).toBe('Cancelled · Refunded');
  });
});
