import type { Booking, BookingWithShow } from '../bookings/booking.ts';
import { cancellationRefusal } from '../contract/cancellation.ts';
import { formatTheatreClock, formatTheatreTime } from '../contract/theatre-time.ts';
import type { PaymentContext } from './payment-context.ts';
import { cancelPaidBooking } from './cancel-paid.ts';
import { releaseHold } from './release-hold.ts';

/** What the cancellation policy is weighed with: CANCELLATION_CUTOFF_MINUTES (its times told on the show's cinema's clock, the context's `timeZoneOf`). */
export interface CancellationPolicy {
  cutoffMinutes: number;
}

export type CancelOutcome =
  /** A paid booking cancelled by this call: seats released, the refund made (or pending, retried by the reconciliation). */
  | { outcome: 'cancelled'; booking: Booking }
  /** An unpaid hold given back: nothing to refund. */
  | { outcome: 'released'; booking: Booking }
  /** Cancelled before (by an earlier call, its hold's end, or the cinema): nothing changed. */
  | { outcome: 'already-cancelled'; booking: Booking }
  /** Admitted at the door (before this call, or by a scan that got to the booking first): nothing changed. */
  | { outcome: 'admitted'; reason: string; booking: Booking }
  /** Outside the policy: `reason` in the moviegoer's words. */
  | { outcome: 'refused'; reason: string; booking: Booking };

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
  const timeZone = ctx.timeZoneOf(booking.show.screenId);
  if (current.admittedAt) return admittedOutcome(current, timeZone);
  const reason = policyRefusalNow(ctx, policy, booking.show.startsAt, timeZone);
  if (reason) return { outcome: 'refused', reason, booking: current };
  const result = await cancelPaidBooking(ctx, current, 'customer');
  if (!result) return { outcome: 'already-cancelled', booking: current };
  if (result.changed) return { outcome: 'cancelled', booking: result.booking };
  // A door scan got to the booking first: the ticket was used, and the booking stands.
  if (result.booking.admittedAt) return admittedOutcome(result.booking, timeZone);
  return { outcome: 'already-cancelled', booking: result.booking };
}

/** Why the policy refuses a moviegoer's cancellation of (part of) a booking now, in their words; null: it allows it. */
export function policyRefusalNow(ctx: Pick<PaymentContext, 'now'>, policy: CancellationPolicy, startsAt: Date, timeZone: string): string | null {
  return cancellationRefusal({
    startsAt,
    now: ctx.now(),
    cutoffMinutes: policy.cutoffMinutes,
    admitted: false,
    formatTime: (instant) => formatTheatreTime(instant, timeZone),
  });
}

/** An admitted booking is not cancelled: the refusal names when the door admitted it, on the show's cinema's clock. */
export function admittedOutcome(booking: Booking, timeZone: string): CancelOutcome & { outcome: 'admitted' } {
  return { outcome: 'admitted', reason: admissionRefusal(booking.admittedAt!, timeZone, 'the booking can no longer be cancelled'), booking };
}

/** The door's admission stands: "This ticket was admitted at the door at 7:42 PM, so <what>." */
export function admissionRefusal(admittedAt: Date, timeZone: string, what: string): string {
  return `This ticket was admitted at the door at ${formatTheatreClock(admittedAt, timeZone)}, so ${what}.`;
}
