import type { Booking } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';
import { PaymentProviderError } from './provider.ts';

/** The seats a session was for, after the hold, had been taken: why the payment goes back. */
export function lateRefundReason(booking: Booking, takenSeats: string[], now: Date): string {
  return (
    `Payment arrived at ${now.toISOString()}, after the hold ended at ${booking.holdExpiresAt.toISOString()}; ` +
    `seat${takenSeats.length === 1 ? '' : 's'} ${takenSeats.join(', ')} had been booked by someone else, so the payment is refunded`
  );
}

/**
 * Refunds a payment flagged for refund (a late payment, or a cancelled paid booking) and records the outcome;
 * a provider outage leaves it pending (retried by the reconciliation, with the same idempotency key).
 */
export async function performRefund(ctx: PaymentContext, booking: Booking): Promise<Booking> {
  const reason = booking.refundReason ?? 'Late payment refunded';
  const base = reason.replace(/ \(refund (will be retried|failed): .*\)$/, '');
  try {
    const refund = await ctx.provider.refund(
      { paymentIntentId: booking.paymentIntentId, sessionId: booking.paymentSessionId },
      booking.amountCents,
      base,
      `refund-${booking.id}`,
    );
    const ok = refund.status === 'succeeded' || refund.status === 'pending';
    const result = await ctx.lifecycle.setRefundOutcome(booking.id, {
      status: ok ? 'refunded' : 'failed',
      refundId: refund.refundId,
      reason: ok ? base : `${base} (refund failed: the provider reports ${refund.status})`,
    });
    if (ok && result?.changed) {
      ctx.log.info({ bookingId: booking.id, refundId: refund.refundId }, 'payment refunded');
      // A cancelled paid booking (paidAt on record) was told of its refund when it was cancelled
      // (cancel-booking.ts); a late payment, never paid on the booking, is told now.
      if (result.booking.paidAt === null) await ctx.eTickets.sendRefundNotice(result.booking);
    }
    return result?.booking ?? booking;
  } catch (error) {
    const retry = error instanceof PaymentProviderError && error.kind === 'unavailable';
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error({ err: error, bookingId: booking.id }, retry ? 'refund failed; it will be retried' : 'refund refused by the provider; support must act');
    const result = await ctx.lifecycle.setRefundOutcome(booking.id, {
      status: retry ? 'pending' : 'failed',
      reason: `${base} (refund ${retry ? 'will be retried' : 'failed'}: ${message.slice(0, 300)})`,
    });
    return result?.booking ?? booking;
  }
}
