import { toUnits } from '../contract/money.ts';
import type { Booking } from '../contract/schemas.ts';
import { bookingShowJson } from '../shows/show-json.ts';
import type { BookingWithShow } from './booking.ts';

/** A booking -> the JSON field names of spec §3. */
export function bookingJson(booking: BookingWithShow): Booking {
  return {
    _id: booking.id,
    amount: toUnits(booking.amountCents),
    bookedSeats: booking.seats,
    isPaid: booking.isPaid,
    status: booking.status,
    paymentLink: booking.isPaid ? null : booking.paymentLink,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    show: bookingShowJson(booking.show),
    ticketCode: booking.isPaid ? booking.ticketCode : null,
    refundStatus: booking.refundStatus,
  };
}
