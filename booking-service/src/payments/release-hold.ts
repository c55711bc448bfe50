import type { Booking } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';
import { isPaidSession } from './provider.ts';
import { settleSession } from './settle-session.ts';

/**
 * Releases one held booking: expires its payment session first (so it can no longer be paid; a
 * payment that got in just before is honoured and the seats stay the booking's), then cancels it
 * with a guarded transition that releases its seats. With `expiredBy`, only a hold that ended by
 * then is cancelled.
 */
export async function releaseHold(
  ctx: PaymentContext,
  booking: Booking,
  options: { expiredBy?: Date } = {},
): Promise<{ outcome: 'released' | 'paid' | 'unchanged'; booking: Booking }> {
  if (booking.paymentSessionId) {
    try {
      const session = await ctx.provider.expireSession(booking.paymentSessionId);
      if (session && isPaidSession(session)) {
        const settled = await settleSession(ctx, session);
        if (settled.outcome === 'paid' || settled.outcome === 'already-paid') return { outcome: 'paid', booking: settled.booking };
      }
    } catch (error) {
      // The seats must not stay blocked by a provider outage. If the session is paid later
      // anyway, the late-payment path takes the seats back or refunds.
      ctx.log.warn({ err: error, bookingId: booking.id }, 'could not expire the payment session; releasing the seats anyway');
    }
  }
  const cancelled = await ctx.lifecycle.cancelHold(booking.id, { ...options, now: ctx.now() });
  if (cancelled?.changed) {
    ctx.onSeatsChanged(booking.showId);
    ctx.log.info({ bookingId: booking.id }, options.expiredBy ? 'hold expired: booking cancelled and seats released' : 'hold released by its owner');
    return { outcome: 'released', booking: cancelled.booking };
  }
  // Released just now through the session's expiry event, or not held (any more).
  const current = cancelled?.booking ?? booking;
  return { outcome: current.status === 'cancelled' ? 'released' : 'unchanged', booking: current };
}

/** Releases the unpaid bookings whose hold has ended. Several instances may sweep at once: one cancels, the others change nothing. */
export async function sweepExpiredHolds(ctx: PaymentContext, limit = 100): Promise<{ released: number; paid: number }> {
  const at = ctx.now();
  const expired = await ctx.lifecycle.listExpiredHolds(at, limit);
  let released = 0;
  let paid = 0;
  for (const booking of expired) {
    try {
      const result = await releaseHold(ctx, booking, { expiredBy: at });
      if (result.outcome === 'released') released++;
      else if (result.outcome === 'paid') paid++;
    } catch (error) {
      ctx.log.error({ err: error, bookingId: booking.id }, 'could not release an expired hold; next sweep tries again');
    }
  }
  return { released, paid };
}
