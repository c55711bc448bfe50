import type { FastifyRequest } from 'fastify';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Booking, BookingWithDetails } from '../bookings/booking.ts';
import { failures } from '../contract/failures.ts';
import { FixPaymentResponse, MarkPaidResponse } from '../contract/responses.ts';
import { BookingIdBody, type DebugBooking } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badGateway, conflict } from '../http/errors.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import type { NewSupportAction, SupportActionRepository } from './support-actions.ts';
import { bookingOr404, security, tags } from './views.ts';

export interface SupportActionRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  payments: Pick<PaymentService, 'markPaidBySupport' | 'reconcileBooking' | 'describeAmount'>;
  supportActions: Pick<SupportActionRepository, 'record'>;
  /** A booking as support reads it (views.ts's, on its show's cinema's clock). */
  bookingJson: (booking: BookingWithDetails) => DebugBooking;
}

/** Support's money-affecting actions, mark paid and fix payment: each recorded in the booking's history with who took it. */
export function supportActionRoutes(app: AppInstance, { bookings, payments, supportActions, bookingJson }: SupportActionRoutesDeps) {
  /** Writes down who took a money-affecting action on a booking, and what came of it (the booking's history). */
  function recordAction(request: FastifyRequest, action: Omit<NewSupportAction, 'actorId' | 'actorEmail'>) {
    const { sub, email } = request.identity!;
    return supportActions.record({ ...action, actorId: sub, actorEmail: email });
  }

  app.post(
    '/api/debug/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a booking paid and send its confirmation email',
        description: 'Recorded in the booking\'s history with the support user who did it and the outcome.',
        body: BookingIdBody,
        response: { 200: MarkPaidResponse, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { bookingId } = request.body;
      const before = await bookingOr404(bookings, bookingId);
      // Conditional: of two concurrent calls (or a call and a webhook), one pays it and sends the e-ticket.
      const after = before.isPaid ? { booking: before, changed: false } : await payments.markPaidBySupport(before);
      const outcome = !after.booking.isPaid ? 'refused' : after.changed ? 'paid' : 'already-paid';
      const message = {
        refused: 'This booking was cancelled and its seats released; it cannot be marked paid',
        paid: 'Booking marked as paid and email sent',
        'already-paid': 'Booking was already paid',
      }[outcome];
      await recordAction(request, { bookingId, kind: 'mark-paid', outcome, message });
      if (outcome === 'refused') throw conflict(message);
      return { success: true as const, outcome, message };
    },
  );

  app.post(
    '/api/debug/fix-payment',
    {
      schema: {
        tags,
        security,
        summary: "Reconcile one booking with the payment provider now, and say what was found",
        description:
          'Asks the provider about the booking\'s payment session and applies it as the webhook would: marks it paid, ' +
          're-takes the seats of a late payment or refunds it, or cancels an expired session. Retries a pending refund.',
        body: BookingIdBody,
        response: { 200: FixPaymentResponse, ...failures(400, 401, 403, 404, 413, 415, 502) },
      },
    },
    async (request) => {
      const booking = await bookingOr404(bookings, request.body.bookingId);
      let result: Awaited<ReturnType<typeof payments.reconcileBooking>>;
      try {
        result = await payments.reconcileBooking(booking);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.warn({ err: error, bookingId: booking.id }, 'fix-payment: provider unavailable');
        throw badGateway(`Could not reach the payment provider: ${error.message}`);
      }
      const after = (await bookings.getWithDetails(booking.id))!;
      const message = fixMessage(result.outcome, after, payments.describeAmount(after.amountCents));
      await recordAction(request, { bookingId: booking.id, kind: 'fix-payment', outcome: result.outcome, message });
      return { success: true as const, outcome: result.outcome, message, booking: bookingJson(after) };
    },
  );
}

/** What support reads after fix-payment: what the provider said, and what the service did. */
function fixMessage(outcome: string, booking: Booking, amount: string): string {
  switch (outcome) {
    case 'paid':
      return `The provider has the payment (${amount}): booking marked as paid and the e-ticket email sent`;
    case 'already-paid':
      return 'The booking is paid; nothing to fix';
    case 'paid-late':
      return `The payment (${amount}) came after the hold ended, and the seats were still free: they are the customer's again and the booking is paid`;
    case 'refund':
      return `Late payment for seats taken meanwhile; refund ${booking.refundStatus ?? 'pending'}: ${booking.refundReason ?? ''}`.trim();
    case 'open':
      return 'The customer has not paid yet: the payment session is still open';
    case 'processing':
      return 'The payment is still processing with the provider; it settles by itself when the money arrives';
    case 'expired':
      return booking.status === 'cancelled'
        ? 'The payment session expired unpaid: the booking is cancelled and its seats are released'
        : 'The payment session expired unpaid';
    case 'payment-failed':
      return 'The delayed payment failed: the booking is cancelled and its seats are released';
    case 'mismatch':
      return 'The provider reports a different amount or currency than the booking: left unpaid, check it in the provider dashboard';
    case 'no-session':
      return booking.isPaid
        ? 'The booking is paid; nothing to fix'
        : 'This booking has no payment session with the provider: nothing to check (the customer has not opened the payment page)';
    case 'unknown-session':
      return "The payment provider does not know this booking's payment session";
    default:
      return 'Nothing to fix';
  }
}
