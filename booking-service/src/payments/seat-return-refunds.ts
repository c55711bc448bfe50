import type { Booking, SeatReturn } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';
import { PaymentProviderError } from './provider.ts';

/** One refund per return, whoever retries it: the provider answers a repeated key with the refund it made. */
export function seatReturnRefundKey(seatReturn: Pick<SeatReturn, 'bookingId' | 'id'>): string {
  return `refund-${seatReturn.bookingId}-return-${seatReturn.id}`;
}

/**
 * Refunds the price of seats given back (return-seats.ts) through the provider and records the outcome on the return;
 * a provider outage leaves it pending, retried by the reconciliation with the same idempotency key.
 */
export async function refundSeatReturn(ctx: PaymentContext, booking: Pick<Booking, 'paymentIntentId' | 'paymentSessionId'>, seatReturn: SeatReturn): Promise<SeatReturn> {
  const base = withoutTrouble(seatReturn.refundReason);
  try {
    const refund =
      seatReturn.amountCents === 0
        ? { refundId: null, status: 'succeeded' as const }
        : await ctx.provider.refund(
            { paymentIntentId: booking.paymentIntentId, sessionId: booking.paymentSessionId },
            seatReturn.amountCents,
            base,
            seatReturnRefundKey(seatReturn),
          );
    const ok = refund.status === 'succeeded' || refund.status === 'pending';
    const result = await ctx.bookings.recordSeatReturnRefund(seatReturn.id, {
      status: ok ? 'refunded' : 'failed',
      refundId: refund.refundId,
      reason: ok ? base : `${base} (refund failed: the provider reports ${refund.status})`,
    });
    if (ok && result?.changed) ctx.log.info({ bookingId: seatReturn.bookingId, returnId: seatReturn.id, refundId: refund.refundId }, 'seats given back refunded');
    return result?.seatReturn ?? seatReturn;
  } catch (error) {
    const retry = error instanceof PaymentProviderError && error.kind === 'unavailable';
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error({ err: error, bookingId: seatReturn.bookingId, returnId: seatReturn.id }, retry ? 'seat return refund failed; it will be retried' : 'seat return refund refused by the provider; support must act');
    const result = await ctx.bookings.recordSeatReturnRefund(seatReturn.id, {
      status: retry ? 'pending' : 'failed',
      reason: `${base} (refund ${retry ? 'will be retried' : 'failed'}: ${message.slice(0, 300)})`,
    });
    return result?.seatReturn ?? seatReturn;
  }
}

/** The reason without the trouble an earlier attempt appended to it. */
function withoutTrouble(reason: string): string {
  return reason.replace(/ \(refund (will be retried|failed): .*\)$/, '');
}

/** The reconciliation's turn: every return whose refund is still pending, oldest first, tried again. */
export async function retryPendingSeatReturns(ctx: PaymentContext, limit: number): Promise<number> {
  const pending = await ctx.bookings.listPendingSeatReturns(limit);
  for (const seatReturn of pending) {
    const booking = await ctx.bookings.get(seatReturn.bookingId);
    if (!booking) continue;
    await refundSeatReturn(ctx, booking, seatReturn).catch((error: unknown) =>
      ctx.log.error({ err: error, bookingId: seatReturn.bookingId, returnId: seatReturn.id }, 'reconciliation: seat return refund attempt failed'),
    );
  }
  return pending.length;
}
