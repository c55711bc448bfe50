import type { Booking, BookingWithShow } from '../bookings/booking.ts';
import { cancellationRefusal } from '../contract/cancellation.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import type { CancellationNotice } from './e-tickets.ts';
import type { PaymentContext } from './payment-context.ts';
import { performRefund } from './refunds.ts';
import { releaseHold } from './release-hold.ts';

/** What the cancellation policy is weighed with: CANCELLATION_CUTOFF_MINUTES, the theatre's clock, the door's log. */
export interface CancellationPolicy {
  cutoffMinutes: number;
  timeZone: string;
  /** When each of these bookings was admitted at the door (the check-in log's admittedAt). */
  admittedAt: (bookingIds: string[]) => Promise<Map<string, Date>>;
}

export type CancelOutcome =
  /** A paid booking cancelled by this call: seats released, the refund made (or pending, retried by the reconciliation). */
  | { outcome: 'cancelled'; booking: Booking }
  /** An unpaid hold given back: nothing to refund. */
  | { outcome: 'released'; booking: Booking }
  /** Cancelled before (by an earlier call, its hold's end, or the cinema): nothing changed. */
  | { outcome: 'already-cancelled'; booking: Booking }
  /** Outside the policy: `reason` in the moviegoer's words. */
  | { outcome: 'refused'; reason: string; booking: Booking };

/** Why the refund is made, as support reads it (refundReason). */
export const REFUND_REASONS = {
  customer: 'Cancelled by the customer within the cancellation policy: refunded in full',
  show: 'The show was cancelled by the cinema: refunded in full',
} as const satisfies Record<CancellationNotice, string>;

/**
 * Cancels a paid booking (its owner within the policy, or staff cancelling its show): one guarded
 * transition releases the seats and marks the refund pending, so of two calls at once one cancels and
 * the other changes nothing. The caller that cancelled tells the moviegoer and refunds through the
 * provider (refunds.ts, once per booking by its idempotency key); a provider outage leaves the refund
 * pending for the reconciliation to retry.
 */
export async function cancelPaidBooking(ctx: PaymentContext, booking: Booking, why: CancellationNotice): Promise<{ changed: boolean; booking: Booking } | null> {
  const cancelled = await ctx.lifecycle.cancelPaid(booking.id, { reason: REFUND_REASONS[why] });
  if (!cancelled?.changed) return cancelled;
  ctx.onSeatsChanged(booking.showId);
  ctx.log.info({ bookingId: booking.id, by: why }, 'paid booking cancelled: seats released, refund under way');
  await ctx.eTickets.sendCancellationNotice(cancelled.booking, why);
  return { changed: true, booking: await performRefund(ctx, cancelled.booking) };
}

/**
 * The owner's cancellation (POST /api/booking/:bookingId/cancel). Idempotent: a cancelled booking is
 * answered as it is. An unpaid hold is released (no money taken); a paid booking is cancelled and
 * refunded if the policy allows it now, else refused with the reason.
 */
export async function cancelOwnBooking(ctx: PaymentContext, policy: CancellationPolicy, booking: BookingWithShow): Promise<CancelOutcome> {
  let current: Booking = booking;
  if (current.status === 'cancelled') return { outcome: 'already-cancelled', booking: current };
  if (current.status === 'held') {
    const released = await releaseHold(ctx, current);
    // A payment that got in just before: the booking is paid, and the policy decides as for any paid one.
    if (released.outcome !== 'paid') return { outcome: released.outcome === 'released' ? 'released' : 'already-cancelled', booking: released.booking };
    current = released.booking;
  }
  const admitted = (await policy.admittedAt([current.id])).has(current.id);
  const reason = cancellationRefusal({
    startsAt: booking.show.startsAt,
    now: ctx.now(),
    cutoffMinutes: policy.cutoffMinutes,
    admitted,
    formatTime: (instant) => formatTheatreTime(instant, policy.timeZone),
  });
  if (reason) return { outcome: 'refused', reason, booking: current };
  const result = await cancelPaidBooking(ctx, current, 'customer');
  if (!result) return { outcome: 'already-cancelled', booking: current };
  return { outcome: result.changed ? 'cancelled' : 'already-cancelled', booking: result.booking };
}
