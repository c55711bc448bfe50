import type { Booking, BookingWithShow } from '../bookings/booking.ts';
import { formatTheatreClock, formatTheatreTime, localDate } from '../contract/theatre-time.ts';
import { cancelledBy } from '../payments/cancel-paid.ts';
import type { Refusal } from './check-in.ts';

/** When a show's tickets are admitted, around its start (CHECK_IN_OPENS_MINUTES_BEFORE, CHECK_IN_CLOSES_MINUTES_AFTER). */
export interface AdmissionWindow { opensMinutesBefore: number; closesMinutesAfter: number }

export type AdmissionDecision = { admit: true } | { admit: false; outcome: Refusal; reason: string };

const MINUTE_MS = 60_000;


/**
 * Who cancelled a paid booking and when, in the door attendant's words ("by the moviegoer at 6:31 PM"), from its refund
 * reason and cancelledAt; empty for a booking cancelled before cancelledAt existed or refunded as a late payment.
 */
function cancelledWhen(booking: Booking, timeZone: string): string {
  const by = cancelledBy(booking);
  if (!by || !booking.cancelledAt) return '';
  const at = formatTheatreClock(booking.cancelledAt, timeZone);
  return by === 'customer' ? `cancelled by the moviegoer at ${at}` : `the cinema cancelled this show at ${at}`;
}

/**
 * Why a booking's state keeps its holder out, in the door attendant's words, naming who cancelled it and when when the
 * booking says (a cancellation that won the race with this scan); null when it is paid and not refunded.
 */
export function stateRefusal(booking: Booking, timeZone: string): Extract<AdmissionDecision, { admit: false }> | null {
  const when = cancelledWhen(booking, timeZone);
  if (booking.refundStatus === 'refunded' || booking.refundStatus === 'pending') {
    const reason = when ? `Refunded: ${when}, refunded in full; the ticket is no longer valid` : 'Refunded: this ticket was refunded and is no longer valid';
    return { admit: false, outcome: 'refunded', reason };
  }
  if (booking.status === 'cancelled') {
    const reason = when ? `Cancelled: ${when}; the ticket is not valid` : 'Cancelled: this booking was cancelled, the ticket is not valid';
    return { admit: false, outcome: 'cancelled', reason };
  }
  if (booking.status === 'held') {
    return { admit: false, outcome: 'not-paid', reason: 'Not paid: this booking is still awaiting payment' };
  }
  return null;
}

/** Where a ticket's show is, as its ticket names it. */
export interface ShowPlace { cinemaId: string; cinemaName: string; screenName: string }

/**
 * The refusal of a ticket for another cinema's show, naming where it is valid; null when the door is at the show's
 * cinema, or names no cinema (a door screen older than cinemas), or the show's screen is unknown to the chain.
 */
export function cinemaRefusal(show: ShowPlace | undefined, doorCinemaId: string | undefined): AdmissionDecision | null {
  if (!doorCinemaId || !show || show.cinemaId === doorCinemaId) return null;
  return { admit: false, outcome: 'another-cinema', reason: `Another cinema: this ticket is for ${show.cinemaName}, ${show.screenName}` };
}

/**
 * Whether a booking's ticket admits its holder at `now`: paid, not refunded, at this door's cinema (`elsewhere`:
 * cinemaRefusal's answer) and its show starting within the admission window. The ticket's state comes first (a
 * refunded ticket is not sent to another cinema). A show just after midnight is admitted from the evening before:
 * the window decides, the calendar date only names the refusal.
 */
export function admissionDecision(
  booking: BookingWithShow,
  now: Date,
  window: AdmissionWindow,
  timeZone: string,
  elsewhere: AdmissionDecision | null = null,
): AdmissionDecision {
  const refused = stateRefusal(booking, timeZone) ?? elsewhere;
  if (refused) return refused;
  const startsAt = booking.show.startsAt;
  const opensAt = new Date(startsAt.getTime() - window.opensMinutesBefore * MINUTE_MS);
  const closesAt = new Date(startsAt.getTime() + window.closesMinutesAfter * MINUTE_MS);
  if (now >= opensAt && now <= closesAt) return { admit: true };
  if (localDate(startsAt, timeZone) !== localDate(now, timeZone)) {
    return { admit: false, outcome: 'another-day', reason: `Another day: this ticket is for the show on ${formatTheatreTime(startsAt, timeZone)}` };
  }
  const show = formatTheatreClock(startsAt, timeZone);
  if (now < opensAt) {
    return { admit: false, outcome: 'too-early', reason: `Too early: admission for the ${show} show opens at ${formatTheatreClock(opensAt, timeZone)}` };
  }
  return { admit: false, outcome: 'too-late', reason: `Too late: admission for the ${show} show closed at ${formatTheatreClock(closesAt, timeZone)}` };
}
