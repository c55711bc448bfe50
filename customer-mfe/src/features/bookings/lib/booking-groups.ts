import type { Booking } from 'booking-service/contract';

/** How long after its start a show still counts as on: its runtime, or three hours when the catalogue has none. */
const UNKNOWN_RUNTIME_MINUTES = 180;

function showEndsAt(booking: Booking): number {
  const runtime = booking.show.movie.runtime > 0 ? booking.show.movie.runtime : UNKNOWN_RUNTIME_MINUTES;
  return Date.parse(booking.show.showDateTime) + runtime * 60_000;
}

/**
 * My Bookings' two lists: what the moviegoer still needs (holds awaiting payment first, then tickets for shows not
 * over yet, soonest first) and the rest (shows that are over, cancelled or refunded bookings), newest first, kept out of the
 * way (13 bookings made a 6,000 px page on a phone with the live tickets lost among them).
 */
export function groupBookings(bookings: readonly Booking[], now: number): { current: Booking[]; earlier: Booking[] } {
  // A refunded payment (late, or cancelled) holds no seat: it is history too.
  const isCurrent = (b: Booking) => b.status !== 'cancelled' && !b.refundStatus && showEndsAt(b) > now;
  const byShowTime = (a: Booking, b: Booking) => Date.parse(a.show.showDateTime) - Date.parse(b.show.showDateTime);
  const current = bookings.filter(isCurrent);
  return {
    current: [...current.filter((b) => !b.isPaid).sort(byShowTime), ...current.filter((b) => b.isPaid).sort(byShowTime)],
    earlier: bookings.filter((b) => !isCurrent(b)).sort((a, b) => byShowTime(b, a)),
  };
}
