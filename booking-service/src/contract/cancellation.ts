/**
 * The cancellation policy (CANCELLATION_CUTOFF_MINUTES, in GET /api/config as `cancellationCutoffMinutes`):
 * a paid booking may be cancelled by its owner, and is refunded in full, until that many minutes before
 * its show starts; after that it stands. 0 turns self-service cancellation off. Shared by the service
 * (which decides) and the customer site (which states the policy before paying and on the ticket, and
 * offers the button only when the service would accept it), so both say the same words.
 */

/** A cutoff of 0 minutes: moviegoers cannot cancel on their own (staff still can, e.g. by cancelling a show). */
export const CANCELLATION_OFF = 0;

/** "2 hours", "90 minutes", "1 day": how long before the show free cancellation ends. */
export function cutoffDuration(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/**
 * The policy in a moviegoer's words, shown on the ticket (`full`) and beside Proceed to Checkout (`short`, where a
 * phone's checkout bar has one line for it).
 */
export function cancellationPolicyText(cutoffMinutes: number, length: 'full' | 'short' = 'full'): string {
  if (cutoffMinutes === CANCELLATION_OFF) return length === 'short' ? 'No cancellation once paid.' : 'Tickets cannot be cancelled or refunded online once paid.';
  const until = `Free cancellation until ${cutoffDuration(cutoffMinutes)} before the show`;
  return length === 'short' ? `${until}.` : `${until}, with a full refund to your card. No cancellation after that.`;
}

/**
 * The policy as it will apply to a booking of this show paid now, before the moviegoer pays: "Free
 * cancellation until 9:00 PM." while there is time, "Non-refundable: free cancellation ended at 9:00 PM." once the
 * cutoff has passed (the same instant cancellationRefusal refuses from). `full` adds the refund's terms (the checkout
 * page); `short` fits a phone's checkout bar.
 */
export function cancellationPolicyIfPaidNow(
  { startsAt, now, cutoffMinutes, formatTime }: Omit<CancellationCase, 'admitted'>,
  length: 'full' | 'short' = 'short',
): string {
  const endsAt = cancellationEndsAt(startsAt, cutoffMinutes);
  if (!endsAt) return length === 'short' ? 'Non-refundable: no cancellation once paid.' : 'Non-refundable: tickets cannot be cancelled or refunded online once paid.';
  if (endsAt.getTime() <= now.getTime()) return `Non-refundable: free cancellation ended at ${formatTime(endsAt)}.`;
  const until = `Free cancellation until ${formatTime(endsAt)}`;
  return length === 'short' ? `${until}.` : `${until}, with a full refund to your card. No cancellation after that.`;
}

/** When free cancellation of a show's bookings ends, or null when moviegoers cannot cancel at all. */
export function cancellationEndsAt(startsAt: Date, cutoffMinutes: number): Date | null {
  if (cutoffMinutes === CANCELLATION_OFF) return null;
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000);
}

export interface CancellationCase {
  /** The booking's show start. */
  startsAt: Date;
  now: Date;
  cutoffMinutes: number;
  /** The ticket was admitted at the door already. */
  admitted: boolean;
  /** Formats an instant on the theatre's clock, for the message ("Nov 21, 2026, 5:30 PM"). */
  formatTime: (instant: Date) => string;
}

/**
 * Why the owner may not cancel a paid booking now, in their words (the service answers 409 with it; the
 * site shows it instead of the button), or null when they may.
 */
export function cancellationRefusal({ startsAt, now, cutoffMinutes, admitted, formatTime }: CancellationCase): string | null {
  if (admitted) return 'This ticket has already been used at the door, so the booking can no longer be cancelled.';
  if (startsAt.getTime() <= now.getTime()) return 'This show has already started, so the booking can no longer be cancelled.';
  const endsAt = cancellationEndsAt(startsAt, cutoffMinutes);
  if (!endsAt) return 'Paid bookings cannot be cancelled online. Please contact the cinema.';
  if (endsAt.getTime() <= now.getTime()) {
    return `Free cancellation ended at ${formatTime(endsAt)}, ${cutoffDuration(cutoffMinutes)} before the show, so this booking can no longer be cancelled.`;
  }
  return null;
}
