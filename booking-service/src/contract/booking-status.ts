/**
 * One status text per booking state, written once: My Bookings' badge and its sentence, the e-ticket,
 * the emails and staff's and support's lists all say a booking's state in these words (`booking-service/booking-status`;
 * shared-ui's bookingStatusLabel is `label`). A booking that was paid and then refunded says so, with the amount and
 * when it was cancelled; one that was never paid says no money was taken. Nothing else words a booking's state.
 */

export interface BookingStateFacts {
  isPaid: boolean;
  status: string;
  refundStatus?: 'pending' | 'refunded' | 'failed' | null;
  /** The amount paid (or to pay), in currency units: net of seats given back (`returnedAmount`). */
  amount?: number;
  /** What seats given back were refunded: with `amount`, what was paid. */
  returnedAmount?: number;
  /** When a paid booking was cancelled (its owner or the cinema): its refund started then. */
  cancelledAt?: string | null;
  /** An unpaid booking whose hold has run out, before the service released it. */
  holdLapsed?: boolean;
}

export interface BookingStatusText {
  /** The badge's words ("Cancelled · Refunded"): the same in every list. */
  label: string;
  /** The sentence under it for the moviegoer, or null when the badge says it all. */
  detail: string | null;
  tone: 'success' | 'warning' | 'muted';
}

export interface StatusFormat {
  /** Currency units -> "$25.50". */
  money: (units: number) => string;
  /** An ISO instant -> "Dec 1, 2026, 9:00 PM" on the show's cinema's clock. */
  time: (iso: string) => string;
}

const REFUND_LABELS = { refunded: 'Cancelled · Refunded', pending: 'Cancelled · Refund pending', failed: 'Cancelled · Refund failed' } as const;

/**
 * The badge's words alone: what every list says. Its own function so a page that shows only the label (shared-ui's
 * bookingStatusLabel, in the shell's first visit) carries none of the sentences.
 */
export function bookingStatusLabel(booking: BookingStateFacts): string {
  if (booking.refundStatus) return REFUND_LABELS[booking.refundStatus];
  if (booking.isPaid) return 'Paid';
  if (booking.status === 'cancelled' || booking.holdLapsed) return 'Cancelled: not paid';
  return 'Awaiting payment';
}

/** What was paid and when it was cancelled: "Paid $25.50; cancelled on Dec 1, 2026, 9:00 PM" (parts left out when unknown). */
function paidAndCancelled(booking: BookingStateFacts, format?: StatusFormat): string {
  const paid = booking.amount !== undefined && format ? `Paid ${format.money(booking.amount + (booking.returnedAmount ?? 0))}` : 'Paid';
  return booking.cancelledAt && format ? `${paid}; cancelled on ${format.time(booking.cancelledAt)}` : paid;
}

/** The booking's state in words. Without `format`, the sentences leave out the amount and date (the label is the same). */
export function bookingStatusText(booking: BookingStateFacts, format?: StatusFormat): BookingStatusText {
  if (booking.refundStatus) {
    const paid = paidAndCancelled(booking, format);
    const detail = {
      refunded: `${paid}, and refunded in full to your card. The seats were released.`,
      pending: `${paid}. The full refund to your card is on its way.`,
      failed: `${paid}. The refund did not go through yet: support will contact you.`,
    }[booking.refundStatus];
    return { label: bookingStatusLabel(booking), detail, tone: 'muted' };
  }
  const label = bookingStatusLabel(booking);
  if (booking.isPaid) return { label, detail: null, tone: 'success' };
  if (booking.status === 'cancelled') return { label, detail: 'Not paid in time, or released by you: the seats were released and no money was taken.', tone: 'muted' };
  if (booking.holdLapsed) return { label, detail: 'Not paid in time: the seats are being released. No money was taken.', tone: 'muted' };
  return { label, detail: null, tone: 'warning' };
}
