import { failures } from '../contract/failures.ts';
import { OwnBookingActionResponse } from '../contract/responses.ts';
import { BookingIdParams, CancelSeatsBody } from '../contract/schemas.ts';
import { seatList, ticketStillValidText } from '../contract/seat-returns.ts';
import { bookingJson } from '../bookings/booking-json.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import type { Places } from '../shows/show-json.ts';
import { cancelMessage, seatReturnsOf } from './own-booking-routes.ts';
import type { PaymentService } from './payment-service.ts';

export interface SeatReturnRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails' | 'listSeatReturns'>;
  auth: Auth;
  payments: Pick<PaymentService, 'returnOwnSeats' | 'describeAmount'>;
  places: Places;
}

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

/**
 * A moviegoer gives back some seats of their own paid booking (return-seats.ts), within the
 * cancellation policy. Someone else's booking answers like an unknown one.
 */
export async function seatReturnRoutes(app: AppInstance, { bookings, auth, payments, places }: SeatReturnRoutesDeps) {
  app.post(
    '/api/booking/:bookingId/cancel-seats',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Give back some seats of the caller's own paid booking: their price is refunded and the ticket stays valid for the rest",
        description:
          'Within the same policy as cancelling the whole booking (CANCELLATION_CUTOFF_MINUTES): the seats leave the booking and are free for ' +
          'others at once, their price by seat type (of what was paid) is refunded through the payment provider (once per return, by an ' +
          'idempotency key; a refund the provider cannot take now stays pending on the return and the reconciliation retries it), an email says ' +
          'so, and the e-ticket admits the seats left. Giving back every seat cancels the booking whole (`cancelled`). A retry of seats already ' +
          "given back answers 200 `already-returned`. 409 with the reason in the moviegoer's words: a seat not on the booking (or a companion seat " +
          "left without its wheelchair space), outside the policy, not paid, cancelled, or admitted at the door (a scan that " +
          'got there first admits every seat; a return that got there first leaves the scan the seats left).',
        params: BookingIdParams,
        body: CancelSeatsBody,
        response: { 200: OwnBookingActionResponse, ...failures(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const booking = await bookings.getWithDetails(request.params.bookingId);
      if (!booking || booking.userId !== request.identity!.sub) throw notFound('Booking not found');
      const result = await payments.returnOwnSeats(booking, request.body.seats);
      // Which seats may go back depends on the booking as it stands (one given back already is not on it): 409, as the policy's.
      if (result.outcome === 'invalid' || result.outcome === 'refused' || result.outcome === 'admitted') throw conflict(result.reason);
      if (result.outcome === 'already-cancelled') throw conflict('This booking is cancelled: there are no seats to give back.');
      const after = (await bookings.getWithDetails(booking.id))!;
      const message =
        result.outcome === 'seats-returned'
          ? `${seatList(result.seatReturn.seats)} given back. ${payments.describeAmount(result.seatReturn.amountCents)} ${refundNews(result.seatReturn.refundStatus)} ${ticketStillValidText(after.seats)}`
          : result.outcome === 'already-returned'
            ? `These seats were given back already. ${ticketStillValidText(after.seats)}`
            : cancelMessage('cancelled', after);
      return { success: true, outcome: result.outcome, message, booking: bookingJson(after, places, await seatReturnsOf(bookings, after)) };
    },
  );
}

/** Where a return's refund stands, after its amount ("$12.50 is refunded to your card; ..."). */
function refundNews(status: 'pending' | 'refunded' | 'failed'): string {
  if (status === 'refunded') return 'is refunded to your card; it usually shows within 5 to 10 business days.';
  if (status === 'pending') return 'is on its way back to your card: we will keep trying the card provider until it goes through.';
  return 'could not be refunded by the card provider; our support team has been told and will refund you.';
}

