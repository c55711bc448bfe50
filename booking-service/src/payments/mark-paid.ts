import type { Booking } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';

/** Marks paid on support's word (debug mark-paid) and sends the e-ticket once. */
export async function markPaidBySupport(ctx: PaymentContext, booking: Booking): Promise<{ changed: boolean; booking: Booking }> {
  const eTicket = await ctx.eTickets.prepare(booking);
  const confirmed = await ctx.lifecycle.confirmPayment(booking.id, { now: ctx.now(), paymentIntentId: booking.paymentIntentId, eTicket });
  if (!confirmed) return { changed: false, booking };
  if (confirmed.changed) {
    ctx.onSeatsChanged(booking.showId);
    await ctx.eTickets.deliver(confirmed, eTicket);
    // Paid outside the provider: its session must not take the money a second time.
    if (booking.paymentSessionId) {
      await ctx.provider.expireSession(booking.paymentSessionId).catch((error: unknown) => {
        ctx.log.warn({ err: error, bookingId: booking.id }, 'could not expire the payment session of a booking marked paid');
      });
    }
  }
  return confirmed;
}
