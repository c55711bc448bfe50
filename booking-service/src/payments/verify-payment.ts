import type { BookingWithDetails } from '../bookings/booking.ts';
import { withDeadline } from './deadline.ts';
import type { Log, PaymentContext } from './payment-context.ts';
import { PaymentProviderError } from './provider.ts';
import { settleSession } from './settle-session.ts';

export interface PaymentCheck {
  booking: BookingWithDetails;
  paid: boolean;
  /** What the customer is told. */
  message: string;
}

/**
 * The caller's booking of a payment session, after asking the provider now rather than waiting for
 * the webhook (settling twice changes nothing); null when the session is unknown or someone else's.
 * The provider gets `deadlineMs`; past that, or when it is down, the answer is the stored state.
 */
export async function verifyPayment(ctx: PaymentContext, request: { userId: string; sessionId: string; deadlineMs: number; log: Pick<Log, 'warn'> }): Promise<PaymentCheck | null> {
  const found = await ctx.bookings.findByPaymentSession(request.sessionId);
  // Another person's session answers exactly like an unknown one: nothing to learn by guessing.
  if (!found || found.userId !== request.userId) return null;
  if (!found.isPaid && found.refundStatus === null) {
    try {
      const session = await withDeadline(ctx.provider.retrieveSession(request.sessionId), request.deadlineMs, () => {});
      if (session) await settleSession(ctx, session);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      request.log.warn({ err: error, bookingId: found.id }, 'verify-payment: provider unavailable; answering from the stored state');
    }
  }
  const booking = (await ctx.bookings.getWithDetails(found.id))!;
  if (booking.isPaid) return { booking, paid: true, message: 'Payment confirmed' };
  if (booking.refundStatus) {
    return { booking, paid: false, message: 'Your payment arrived after the hold ended and the seats had been taken; it is refunded in full' };
  }
  if (booking.status === 'cancelled') return { booking, paid: false, message: 'This booking was cancelled: it was not paid in time' };
  return { booking, paid: false, message: 'Payment is still processing' };
}
