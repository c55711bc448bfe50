import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CheckIn } from '../check-in/check-in.ts';
import { bookingStatusText } from '../contract/booking-status.ts';
import { formatMoney, toUnits } from '../contract/money.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import type { DebugBooking } from '../contract/schemas.ts';
import { notFound } from '../http/errors.ts';
import type { SupportAction } from './support-actions.ts';

/** What support's route files share: the OpenAPI tags, a booking as support reads it, its 404. */

export const tags = ['debug'];
export const security = [{ bearerAuth: [] }];

/** The booking with its show and customer, or 404. */
export async function bookingOr404(bookings: Pick<BookingRepository, 'getWithDetails'>, bookingId: string) {
  const booking = await bookings.getWithDetails(bookingId);
  if (!booking) throw notFound('Booking not found');
  return booking;
}

/** A booking as support reads it: the payment's details beside the customer's view, and the clock of its show's cinema. */
export function debugBookingJson(booking: BookingWithDetails, showTimeZone: string): DebugBooking {
  return {
    id: booking.id,
    movieTitle: booking.show.movie.title,
    amount: toUnits(booking.amountCents),
    seats: booking.seats,
    createdAt: booking.createdAt.toISOString(),
    hasPaymentLink: Boolean(booking.paymentLink),
    isPaid: booking.isPaid,
    status: booking.status,
    userName: booking.user.name,
    userEmail: booking.user.email,
    ticketCode: booking.ticketCode,
    showDateTime: booking.show.startsAt.toISOString(),
    showTimeZone,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    paymentSessionId: booking.paymentSessionId,
    refundStatus: booking.refundStatus,
    refundReason: booking.refundReason,
    cancelledAt: bookingStateFacts(booking).cancelledAt,
  };
}

/** The booking's state in the words every list uses (contract/booking-status.ts), amounts and dates on its show's cinema's clock. */
export function supportStatusJson(booking: BookingWithDetails, clock: { timeZone: string; currency: string }) {
  const format = { money: (units: number) => formatMoney(Math.round(units * 100), clock.currency), time: (iso: string) => formatTheatreTime(new Date(iso), clock.timeZone) };
  const text = bookingStatusText(bookingStateFacts(booking), format);
  return { label: text.label, detail: text.detail };
}

/** What the status texts read of a booking. */
function bookingStateFacts(booking: BookingWithDetails) {
  return {
    isPaid: booking.isPaid,
    status: booking.status,
    refundStatus: booking.refundStatus,
    amount: toUnits(booking.amountCents),
    cancelledAt: booking.paidAt ? (booking.cancelledAt?.toISOString() ?? null) : null,
  };
}

export function supportActionJson(action: SupportAction) {
  return {
    id: action.id,
    kind: action.kind,
    actorEmail: action.actorEmail || action.actorId,
    outcome: action.outcome,
    message: action.message,
    createdAt: action.createdAt.toISOString(),
  };
}

/** A scan of the booking's ticket at a door, as support reads it in the booking's history. */
export function checkInJson(checkIn: CheckIn) {
  return { id: checkIn.id, outcome: checkIn.outcome, door: checkIn.door, staffName: checkIn.staffName, at: checkIn.at.toISOString() };
}
