import type { BookingRepository } from '../bookings/booking-repository.ts';
import { paymentLinkUrl } from '../bookings/payment-link.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { Config } from '../config/config.ts';
import { failureMeaning, failures } from '../contract/failures.ts';
import { htmlPage, htmlPageOrError, redirect } from '../contract/media.ts';
import { BookingIdParams } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { CHECKOUT_TAGS, checkoutPages, closedReason, gonePage, notFoundPage } from './checkout-replies.ts';
import type { PaymentService } from './payment-service.ts';
import { PaymentProviderError } from './provider.ts';
import { SalesStoppedError } from './sales-stop.ts';

export interface PaymentLinkRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  config: Pick<Config, 'shellUrl' | 'publicUrl' | 'theatreTimeZone' | 'currency'>;
  /** The clock of a booking's show's cinema. */
  cinemas: Pick<CinemaDirectory, 'timeZoneOf'>;
  payments: Pick<PaymentService, 'openPayment' | 'salesStopped'>;
  now: () => Date;
}

/**
 * `/api/checkout/bookings/:bookingId`: the payment link of a booking whose payment session could not be
 * opened when it was made (provider down): it opens one now, with whichever provider is configured, and
 * sends the customer there.
 */
export async function paymentLinkRoutes(app: AppInstance, { bookings, config, payments, now, cinemas }: PaymentLinkRoutesDeps) {
  const { notice, time } = checkoutPages(config, cinemas);

  app.get(
    '/api/checkout/bookings/:bookingId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: CHECKOUT_TAGS,
        summary: "A booking's payment link: opens its payment session (retrying the provider) and redirects there",
        params: BookingIdParams,
        response: {
          303: redirect("To the booking's payment session"),
          200: htmlPage('The booking is already paid (a page)'),
          ...failures(),
          400: htmlPageOrError(400, 'the booking id is malformed'),
          404: notFoundPage,
          409: htmlPage(`${failureMeaning(409)}: the booking can no longer be paid (a page)`),
          410: gonePage,
          503: htmlPageOrError(503, "the payment provider is not answering (a page, with Retry-After), or the show's sales are stopped (seats sold twice)"),
        },
      },
    },
    async (request, reply) => {
      const booking = await bookings.getWithDetails(request.params.bookingId);
      const reason = closedReason(booking);
      if (reason || !booking) return notice(reply, reason!.status, reason!.title, reason!.message, booking);
      if (booking.holdExpiresAt.getTime() <= now().getTime()) {
        return notice(reply, 410, 'Payment session expired', 'The hold on these seats has ended; they are being released. Please book again.', booking);
      }
      const refusal = payments.salesStopped(booking.showId);
      if (refusal) return notice(reply, 503, 'Sales stopped', refusal, booking);
      const self = paymentLinkUrl(config.publicUrl, booking.id);
      if (booking.paymentSessionId && booking.paymentLink && booking.paymentLink !== self) return reply.redirect(booking.paymentLink, 303);
      try {
        const started = await payments.openPayment(booking);
        if (started?.paymentLink && started.paymentLink !== self && started.status === 'held') return reply.redirect(started.paymentLink, 303);
        return notice(reply, 409, 'Booking not payable', 'This booking can no longer be paid.', booking);
      } catch (error) {
        // Stopped between the look above and the session's creation.
        if (error instanceof SalesStoppedError) return notice(reply, 503, 'Sales stopped', error.message, booking);
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.warn({ err: error, bookingId: booking.id }, 'payment provider unavailable for a payment link');
        reply.header('Retry-After', '10');
        return notice(
          reply,
          503,
          'Payment temporarily unavailable',
          `The payment provider is not answering right now. Your seats stay held until ${time(booking.holdExpiresAt, booking)}; please try again in a moment.`,
          booking,
        );
      }
    },
  );
}
