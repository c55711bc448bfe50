import { describe, expect, it } from 'vitest';
import { bookingWithDetails, T0 } from '../../test/support/booking-fixture.ts';
import { bookingConfirmationEmail, cancellationEmail, lateRefundEmail, type EmailContext } from './booking-emails.ts';

const context: EmailContext = { timeZone: 'Asia/Kolkata', currency: 'USD' };
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The emails say a booking's state in the one status text (contract/booking-status.ts), true when they are read. */
describe("the booking emails' status", () => {
  it('the e-ticket says Paid (it is prepared just before the write that pays) and prints the ticket code under the QR', async () => {
    const email = await bookingConfirmationEmail(bookingWithDetails(), context);
    expect(email.text).toContain('\nStatus: Paid\nTicket code: K7M2P9QX4D');
    expect(email.html).toMatch(/<img src="data:image\/png;base64,[^"]+" [^>]*alt="Ticket QR code K7M2P9QX4D"><\/p><p>Ticket code: <strong>K7M2P9QX4D<\/strong><\/p>$/);
  });

  it('a paid booking cancelled by its owner: paid, the amount, when cancelled on the cinema clock, the refund on its way', () => {
    const cancelled = bookingWithDetails({ status: 'cancelled', paidAt: at(2), cancelledAt: at(60), refundStatus: 'pending' });
    const email = cancellationEmail(cancelled, context, 'customer');
    expect(email.text).toContain('\nStatus: Cancelled · Refund pending\nPaid $25.00; cancelled on Dec 1, 2026, 7:30 PM. The full refund to your card is on its way.');
    expect(email.text).not.toMatch(/no money was taken/);
  });

  it('a late payment refunded: paid and refunded, never "no money was taken"', () => {
    const refunded = bookingWithDetails({ status: 'cancelled', cancelledAt: at(10), refundStatus: 'refunded' });
    const email = lateRefundEmail(refunded, context);
    expect(email.text).toContain('\nStatus: Cancelled · Refunded\nPaid $25.00, and refunded in full to your card. The seats were released.');
    expect(email.text).not.toMatch(/no money was taken/);
  });
});
