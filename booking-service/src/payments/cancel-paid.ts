import type { Booking } from '../bookings/booking.ts';
import type { CancellationNotice } from '../bookings/booking-emails.ts';
import type { PaymentContext } from './payment-context.ts';
import { performRefund } from './refunds.ts';

/** Why the refund is made, as support reads it (refundReason). */
export const REFUND_REASONS = {
  customer: 'Cancelled by the customer within the cancellation policy: refunded in full',
  show: 'The show was cancelled by the cinema: refunded in full',
} as const satisfies Record<CancellationNotice, string>;

/** Who cancelled a paid booking (its refund reason says), or null for a booking not cancelled that way (a late payment refunded). */
export function cancelledBy(booking: Pick<Booking, 'refundReason'>): CancellationNotice | null {
  const reason = booking.refundReason ?? '';
  // performRefund may append the refund's trouble to the reason: its start names who cancelled.
  return (Object.keys(REFUND_REASONS) as CancellationNotice[]).find((why) => reason.startsWith(REFUND_REASONS[why])) ?? null;
}

/**
 * Cancels a paid booking (its owner within the policy, or staff cancelling its show): one guarded
 * transition releases the seats and marks the refund pending, so of two calls at once one cancels and
 * the other changes nothing. The caller that cancelled tells the moviegoer and refunds through the
 * provider (refunds.ts, once per booking by its idempotency key); a provider outage leaves the refund
 * pending for the reconciliation to retry.
 */
export async function cancelPaidBooking(ctx: PaymentContext, booking: Booking, why: CancellationNotice): Promise<{ changed: boolean; booking: Booking } | null> {
  // Guarded on the booking not being admitted: a door scan at the same moment and this cancellation serialise on the
  // booking itself, so exactly one of them applies (bookings/booking-state-machine.ts).
  const cancelled = await ctx.lifecycle.cancelPaid(booking.id, { reason: REFUND_REASONS[why], now: ctx.now() });
  if (!cancelled?.changed) return cancelled;
  ctx.onSeatsChanged(booking.showId);
  ctx.log.info({ bookingId: booking.id, by: why }, 'paid booking cancelled: seats released, refund under way');
  await ctx.eTickets.sendCancellationNotice(cancelled.booking, why);
  return { changed: true, booking: await performRefund(ctx, cancelled.booking) };
}
