import { toUnits } from '../contract/money.ts';
import type { Booking, SeatReturnJson } from '../contract/schemas.ts';
import { seatTypes } from '../contract/seats/layout.ts';
import { bookingShowJson, type Places } from '../shows/show-json.ts';
import type { BookingTotalsJson } from '../contract/booking-totals.ts';
import type { BookingTotals, BookingWithShow, SeatReturn } from './booking.ts';
import { seatSharesOf } from './seat-shares.ts';

/** Each booked seat's type on the show's screen (a receipt's breakdown). */
function bookedSeatTypes(booking: BookingWithShow, places: Places): Booking['seatTypes'] {
  const layout = places.place(booking.show.screenId)?.screen.layout;
  if (!layout) return undefined;
  const types = seatTypes(layout);
  return Object.fromEntries(booking.seats.flatMap((seat) => (types.has(seat) ? [[seat, types.get(seat)!]] : [])));
}

/** What each seat would refund if given back now: a paid, unused booking's only (nothing else can give seats back). */
function seatAmounts(booking: BookingWithShow, places: Places): Booking['seatAmounts'] {
  if (booking.status !== 'paid' || booking.admittedAt || booking.refundStatus) return undefined;
  const shares = seatSharesOf(booking, places.place(booking.show.screenId)?.screen.layout);
  return Object.fromEntries([...shares].map(([seat, cents]) => [seat, toUnits(cents)]));
}

/** A return of seats as the moviegoer's JSON shows it. */
export function seatReturnJson(seatReturn: SeatReturn): SeatReturnJson {
  return { seats: seatReturn.seats, amount: toUnits(seatReturn.amountCents), returnedAt: seatReturn.returnedAt.toISOString(), refundStatus: seatReturn.refundStatus };
}

/**
 * A booking -> the JSON field names of spec §3. With the chain (`places`), its show names its cinema and screen
 * and the booking its seats' types and what each would refund if given back; without, the spec's fields
 * only. With its returns (the owner's own views), each return of seats.
 */
export function bookingJson(booking: BookingWithShow, places?: Places, seatReturns?: SeatReturn[]): Booking {
  return {
    _id: booking.id,
    amount: toUnits(booking.amountCents),
    bookedSeats: booking.seats,
    isPaid: booking.isPaid,
    status: booking.status,
    paymentLink: booking.isPaid ? null : booking.paymentLink,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    show: bookingShowJson(booking.show, places),
    // Once paid, its code stays its name: a refunded booking is listed by it (marked not valid); the door refuses it.
    ticketCode: booking.isPaid || booking.paidAt ? booking.ticketCode : null,
    refundStatus: booking.refundStatus,
    // A paid booking's cancellation (its refund started then); a released hold's moment is support's business only.
    cancelledAt: booking.paidAt ? (booking.cancelledAt?.toISOString() ?? null) : null,
    returnedSeats: booking.returnedSeats,
    returnedAmount: toUnits(booking.returnedCents),
    ...(places && { seatTypes: bookedSeatTypes(booking, places), seatAmounts: seatAmounts(booking, places) }),
    ...(seatReturns && { seatReturns: seatReturns.map(seatReturnJson) }),
  };
}

/** A list's totals by what became of the money, in currency units (List Bookings and support's search say the same). */
export function bookingTotalsJson(totals: BookingTotals): BookingTotalsJson {
  const sum = ({ count, amountCents }: { count: number; amountCents: number }) => ({ count, amount: toUnits(amountCents) });
  return { paid: sum(totals.paid), refunded: sum(totals.refunded), refundPending: sum(totals.refundPending), unpaid: totals.unpaid };
}
