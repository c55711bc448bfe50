import { failures } from '../contract/failures.ts';
import { OwnBookingActionResponse, VerifyPaymentResponse } from '../contract/responses.ts';
import { bookingJson } from '../bookings/booking-json.ts';
import type { Places } from '../shows/show-json.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import { toUnits } from '../contract/money.ts';
import { BookingIdParams, VerifyPaymentBody } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badGateway, conflict, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { withDeadline } from './deadline.ts';
import type { PaymentService } from './payment-service.ts';
import { PaymentProviderError } from './provider.ts';
import type { ReconcileOutcome } from './reconciliation.ts';

export interface OwnBookingRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails' | 'listSeatReturns'>;
  auth: Auth;
  payments: Pick<PaymentService, 'verifyPayment' | 'reconcileBooking' | 'releaseHold' | 'cancelOwnBooking' | 'deadlineMs'>;
  /** The chain: the booking answered names where its show is. */
  places: Places;
}

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

/**
 * What a moviegoer can do about paying their own booking without support: check a payment by its
 * session after the provider's page, re-check a payment that seems stuck (the reconciliation
 * support's fix-payment runs), give back seats they hold, cancel a booking within the
 * cancellation policy (refunded if paid); giving back some of its seats is seat-return-routes.ts. Someone else's
 * booking answers like an unknown one.
 */
export async function ownBookingRoutes(app: AppInstance, { bookings, auth, payments, places }: OwnBookingRoutesDeps) {

  /** The options of an action on the caller's own booking (by its id in the path). */
  function ownBookingAction<F extends ReturnType<typeof failures>>(summary: string, description: string, failureAnswers: F) {
    return {
      onRequest: auth.requireUser,
      schema: { tags, security, summary, description, params: BookingIdParams, response: { 200: OwnBookingActionResponse, ...failureAnswers } },
    };
  }

  async function ownBooking(bookingId: string, userId: string) {
    const booking = await bookings.getWithDetails(bookingId);
    if (!booking || booking.userId !== userId) throw notFound('Booking not found');
    return booking;
  }

  app.post(
    '/api/booking/verify-payment',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: "Check the payment of the caller's booking by its payment session",
        security,
        body: VerifyPaymentBody,
        response: { 200: VerifyPaymentResponse, ...failures(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const checked = await payments.verifyPayment(request.identity!.sub, request.body.sessionId, request.log);
      if (!checked) throw notFound('Payment session not found');
      const { booking } = checked;
      return {
        success: checked.paid,
        message: checked.message,
        booking: {
          movieTitle: booking.show.movie.title,
          amount: toUnits(booking.amountCents),
          seats: booking.seats,
          bookingId: booking.id,
          showDateTime: booking.show.startsAt.toISOString(),
          ticketCode: booking.isPaid ? booking.ticketCode : null,
        },
      };
    },
  );

  app.post(
    '/api/booking/:bookingId/recheck-payment',
    ownBookingAction(
      "Re-check the payment of the caller's own booking with the payment provider now",
      "The reconciliation support's fix-payment runs, limited to the booking's owner; `message` says what it found in the customer's words.",
      failures(400, 401, 404, 413, 415, 502),
    ),
    async (request) => {
      const booking = await ownBooking(request.params.bookingId, request.identity!.sub);
      let outcome: ReconcileOutcome['outcome'];
      try {
        outcome = (await withDeadline(payments.reconcileBooking(booking), payments.deadlineMs, () => {})).outcome;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.warn({ err: error, bookingId: booking.id }, 'recheck-payment: provider unavailable');
        throw badGateway('We could not reach the payment provider just now. Please try again in a minute.');
      }
      const after = (await bookings.getWithDetails(booking.id))!;
      return { success: after.isPaid, outcome, message: recheckMessage(outcome, after.isPaid), booking: bookingJson(after, places) };
    },
  );

  app.post(
    '/api/booking/:bookingId/release',
    ownBookingAction(
      "Give back the seats of the caller's own unpaid booking",
      'Expires its payment session (so it can no longer be paid), cancels the booking and frees its seats for others.',
      failures(400, 401, 404, 409, 413, 415),
    ),
    async (request) => {
      const booking = await ownBooking(request.params.bookingId, request.identity!.sub);
      if (booking.isPaid) throw conflict('This booking is paid: its seats are yours');
      if (booking.status !== 'held') throw conflict('These seats are no longer held for you');
      const result = await payments.releaseHold(booking);
      const after = (await bookings.getWithDetails(booking.id))!;
      if (after.isPaid) throw conflict('Your payment had already gone through: the seats are yours and the e-ticket is in My Bookings');
      if (result.outcome !== 'released') throw conflict('These seats are no longer held for you');
      return { success: true, outcome: 'released', message: `Seats ${after.seats.join(', ')} released`, booking: bookingJson(after, places) };
    },
  );

  app.post(
    '/api/booking/:bookingId/cancel',
    ownBookingAction(
      "Cancel the caller's own booking: a paid one within the cancellation policy is refunded in full",
      'A paid booking may be cancelled until CANCELLATION_CUTOFF_MINUTES before its show (`cancellationCutoffMinutes` in /api/config; 0: never): ' +
        'its seats are released at once, the payment is refunded through the payment provider (once, by an idempotency key; a refund the provider ' +
        'cannot take now stays `refundStatus: pending` and the reconciliation retries it) and an email is sent. An unpaid hold is released (nothing ' +
        'to refund). Idempotent: a cancelled booking answers 200 `already-cancelled`. Outside the policy, after the show started, or once the ' +
        'ticket was admitted at the door: 409 with the reason in the moviegoer\'s words.',
      failures(400, 401, 404, 409, 413, 415),
    ),
    async (request) => {
      const booking = await ownBooking(request.params.bookingId, request.identity!.sub);
      const result = await payments.cancelOwnBooking(booking);
      if (result.outcome === 'refused' || result.outcome === 'admitted') throw conflict(result.reason);
      const after = (await bookings.getWithDetails(booking.id))!;
      return { success: true, outcome: result.outcome, message: cancelMessage(result.outcome, after), booking: await ownBookingJson(after) };
    },
  );

  /** The owner's booking with each return of its seats. */
  async function ownBookingJson(booking: Parameters<typeof bookingJson>[0]) {
    return bookingJson(booking, places, await seatReturnsOf(bookings, booking));
  }
}

/** The returns of a booking's seats, read only when it gave some back. */
export async function seatReturnsOf(bookings: Pick<BookingRepository, 'listSeatReturns'>, booking: { id: string; returnedSeats: string[] }) {
  return booking.returnedSeats.length ? bookings.listSeatReturns(booking.id) : [];
}

/** What a cancellation did, in the moviegoer's words. */
export function cancelMessage(outcome: 'cancelled' | 'released' | 'already-cancelled', booking: { seats: string[]; refundStatus: string | null }): string {
  if (outcome === 'released') return `Seats ${booking.seats.join(', ')} released. No payment was taken.`;
  const refund =
    booking.refundStatus === 'refunded'
      ? 'The full amount is refunded to your card; it usually shows within 5 to 10 business days.'
      : booking.refundStatus === 'pending'
        ? 'Your refund is on its way: we will keep trying the card provider until it goes through.'
        : booking.refundStatus === 'failed'
          ? 'The card provider refused the refund; our support team has been told and will refund you.'
          : '';
  const head = outcome === 'cancelled' ? 'Booking cancelled.' : 'This booking is cancelled.';
  return [head, refund].filter(Boolean).join(' ');
}

/** What a re-check found, in the customer's words (support reads the detailed version in /debug). */
function recheckMessage(outcome: string, isPaid: boolean): string {
  if (isPaid) return 'Payment confirmed! Booking updated.';
  switch (outcome) {
    case 'refund':
      return 'Your payment arrived after the hold ended and the seats had been taken meanwhile, so it is refunded in full.';
    case 'processing':
      return 'Your payment is still processing with the card provider. The booking updates by itself as soon as it completes.';
    case 'expired':
    case 'payment-failed':
      return 'This booking was not paid in time: it is cancelled and its seats are released. No money was taken.';
    case 'mismatch':
      return 'We could not match this payment automatically. Support will sort it out; see the payment help page.';
    case 'open':
    case 'no-session':
    case 'unknown-session':
    default:
      return 'No payment has reached us for this booking yet. Use Pay Now to pay before the hold ends.';
  }
}
