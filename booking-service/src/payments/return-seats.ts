import { randomUUID } from 'node:crypto';
import type { Booking, BookingWithShow, SeatReturn } from '../bookings/booking.ts';
import { seatList } from '../contract/seat-returns.ts';
import { seatSelectionProblemIn } from '../contract/seats/layout.ts';
import { admissionRefusal, cancelOwnBooking, policyRefusalNow, type CancellationPolicy } from './cancel-booking.ts';
import type { PaymentContext } from './payment-context.ts';
import { refundSeatReturn } from './seat-return-refunds.ts';
import { seatSharesOf } from '../bookings/seat-shares.ts';

export type ReturnSeatsOutcome =
  /** These seats left the booking (free for others at once), their refund made or pending; the ticket admits the rest. */
  | { outcome: 'seats-returned'; booking: Booking; seatReturn: SeatReturn }
  /** Every seat was given back: a whole cancellation (cancel-booking.ts), refunded as one. */
  | { outcome: 'cancelled'; booking: Booking }
  /** These seats were given back by an earlier call (a retry): nothing changed. */
  | { outcome: 'already-returned'; booking: Booking }
  /** Cancelled before: nothing to give back. */
  | { outcome: 'already-cancelled'; booking: Booking }
  /** Admitted at the door (before, or by a scan that got to the booking first): nothing changed. */
  | { outcome: 'admitted'; reason: string; booking: Booking }
  /** Outside the policy, or not a paid booking: `reason` in the moviegoer's words. */
  | { outcome: 'refused'; reason: string; booking: Booking }
  /** The seats named are not this booking's to give back (none, unknown, or would leave a companion seat alone). */
  | { outcome: 'invalid'; reason: string };

/** Why the refund is made, as support reads it (the return's refundReason). */
export const SEAT_RETURN_REASON = 'Seats given back by the customer within the cancellation policy: their price refunded';

/** The seats asked for, or why they cannot be given back from this booking. */
function seatsToReturn(booking: BookingWithShow, asked: readonly string[], layoutOf: PaymentContext['layoutOf']): { seats: string[] } | { problem: string } {
  const wanted = new Set(asked);
  if (wanted.size === 0) return { problem: 'Choose at least one seat to give back.' };
  const returned = [...wanted].filter((seat) => booking.returnedSeats.includes(seat) && !booking.seats.includes(seat));
  const unknown = [...wanted].filter((seat) => !booking.seats.includes(seat) && !returned.includes(seat));
  if (unknown.length) return { problem: `${seatList(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not on this booking.` };
  // In the booking's own order, so the record and the e-ticket list them as the ticket did.
  const seats = booking.seats.filter((seat) => wanted.has(seat));
  const layout = layoutOf(booking.show.screenId);
  const kept = booking.seats.filter((seat) => !wanted.has(seat));
  const problem = layout && kept.length > 0 ? seatSelectionProblemIn(layout, kept) : null;
  if (problem) return { problem: `${problem}: give them back together, or keep both.` };
  return { seats };
}

/**
 * The owner gives back some seats of their paid booking (POST /api/booking/:bookingId/cancel-seats), within the same
 * policy as a whole cancellation. One guarded write (lifecycle's returnSeats) takes the seats off the booking, out of the
 * seat ledger and records the return, or changes nothing (a door scan, a cancellation or another return got there
 * first); then the seat maps hear of it, the moviegoer is written to and the seats' price is refunded (seat-return-refunds.ts).
 */
export async function returnOwnSeats(
  ctx: PaymentContext,
  policy: CancellationPolicy,
  booking: BookingWithShow,
  asked: readonly string[],
): Promise<ReturnSeatsOutcome> {
  if (booking.status === 'cancelled') return { outcome: 'already-cancelled', booking };
  const timeZone = ctx.timeZoneOf(booking.show.screenId);
  if (booking.admittedAt) return admitted(booking, timeZone);
  if (booking.status !== 'paid' || !booking.isPaid || booking.refundStatus) {
    return { outcome: 'refused', reason: 'Only a paid booking can give back some of its seats.', booking };
  }
  const chosen = seatsToReturn(booking, asked, ctx.layoutOf);
  if ('problem' in chosen) return { outcome: 'invalid', reason: chosen.problem };
  if (chosen.seats.length === 0) return { outcome: 'already-returned', booking };
  const reason = policyRefusalNow(ctx, policy, booking.show.startsAt, timeZone);
  if (reason) return { outcome: 'refused', reason, booking };
  if (chosen.seats.length === booking.seats.length) return wholeCancellation(ctx, policy, booking);

  const shares = seatSharesOf(booking, ctx.layoutOf(booking.show.screenId));
  const seatReturn: SeatReturn = {
    id: randomUUID(),
    bookingId: booking.id,
    seats: chosen.seats,
    amountCents: chosen.seats.reduce((sum, seat) => sum + (shares.get(seat) ?? 0), 0),
    returnedBy: booking.userId,
    returnedAt: ctx.now(),
    refundStatus: 'pending',
    refundId: null,
    refundReason: SEAT_RETURN_REASON,
  };
  const result = await ctx.lifecycle.returnSeats(booking, seatReturn);
  if (!result) return { outcome: 'already-cancelled', booking };
  if (!result.changed) return afterLostRace(ctx, policy, { ...booking, ...result.booking }, asked, timeZone);
  ctx.onSeatsChanged(booking.showId);
  ctx.log.info({ bookingId: booking.id, seats: seatReturn.seats, amountCents: seatReturn.amountCents }, 'seats given back: released, refund under way');
  await ctx.eTickets.sendSeatReturnNotice(result.booking, seatReturn);
  const refunded = await refundSeatReturn(ctx, result.booking, seatReturn);
  return { outcome: 'seats-returned', booking: result.booking, seatReturn: refunded };
}

/** Admitted at the door: its seats were used, and stay on the booking. */
function admitted(booking: Booking, timeZone: string): ReturnSeatsOutcome {
  return { outcome: 'admitted', reason: admissionRefusal(booking.admittedAt!, timeZone, 'its seats can no longer be given back'), booking };
}

/** Every seat given back: the booking is cancelled whole (one refund of what is left), the same way as its Cancel button. */
async function wholeCancellation(ctx: PaymentContext, policy: CancellationPolicy, booking: BookingWithShow): Promise<ReturnSeatsOutcome> {
  const cancelled = await cancelOwnBooking(ctx, policy, booking);
  if (cancelled.outcome === 'released') return { outcome: 'already-cancelled', booking: cancelled.booking };
  return cancelled;
}

/**
 * The guarded write found the booking changed since it was read: a door scan admitted it, it was cancelled, or another
 * return took seats off it. Decided again on the booking as it now is (a retry of the same seats answers that they
 * were given back).
 */
async function afterLostRace(
  ctx: PaymentContext,
  policy: CancellationPolicy,
  now: BookingWithShow,
  asked: readonly string[],
  timeZone: string,
): Promise<ReturnSeatsOutcome> {
  if (now.admittedAt) return admitted(now, timeZone);
  if (now.status !== 'paid' || now.refundStatus) return { outcome: 'already-cancelled', booking: now };
  if (asked.every((seat) => now.returnedSeats.includes(seat) && !now.seats.includes(seat))) return { outcome: 'already-returned', booking: now };
  return returnOwnSeats(ctx, policy, now, asked.filter((seat) => now.seats.includes(seat)));
}
