import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import { successRedirect, type LocalCheckoutProvider } from './local/local-provider.ts';
import type { PaymentService } from './payment-service.ts';
import { isAwaitingPayment } from '../bookings/lifecycle.ts';
import { failureMeaning, failures } from '../contract/failures.ts';
import { htmlPage, htmlPageOrError, javaScript, redirect } from '../contract/media.ts';
import { BookingIdParams, CheckoutRefusalQuery, CheckoutSessionParams } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { formatMoney } from '../contract/money.ts';
import { checkoutCsp, checkoutFormPage, CHECKOUT_SCRIPT, newNonce, noticePage, type PageBooking } from './local/checkout-page.ts';
import { CARD_FIELDS, isRefusalCode, MESSAGES as CARD_MESSAGES, refusalCode, type CardField, type CardInput } from './local/cards.ts';
import { PaymentProviderError, type ProviderSession } from './provider.ts';
import { SalesStoppedError } from './sales-stop.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { LocalCheckoutSession } from './local/checkout-session.ts';

const tags = ['payments'];
const notFoundPage = htmlPage(`${failureMeaning(404)}: the payment link is not valid (a page)`);
const gonePage = htmlPage(`${failureMeaning(410)}: the payment session expired (a page)`);
const salesStoppedPage = htmlPageOrError(503, "the show's sales are stopped: seats sold twice (a page naming them); nothing is released");
/** A card form is tiny; anything bigger is not one. */
const FORM_BODY_LIMIT = 4 * 1024;

/**
 * Checkout pages served by the service:
 * - `/api/checkout/sessions/:sessionId`: the local checkout's hosted payment page (the embedded
 *   default payment provider), and the form it posts;
 * - `/api/checkout/bookings/:bookingId`: the payment link of a booking whose payment session could
 *   not be opened when it was made (provider down): it opens one now and sends the customer there.
 */
export interface CheckoutRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  config: Pick<Config, 'shellUrl' | 'publicUrl' | 'theatreTimeZone' | 'currency'>;
  payments: Pick<PaymentService, 'provider' | 'openPayment' | 'releaseHold' | 'salesStopped' | 'settleCheckout'>;
  /** The local checkout when it is the payment provider (no STRIPE_SECRET_KEY), else null: its pages are served only then. */
  localCheckout: LocalCheckoutProvider | null;
  now: () => Date;
}

export async function checkoutRoutes(app: AppInstance, { bookings, config, payments, localCheckout, now }: CheckoutRoutesDeps) {
  const shellOrigin = new URL(config.shellUrl).origin;
  const myBookings = { href: `${config.shellUrl}/my-bookings`, text: 'Back to My Bookings' };
  const time = (d: Date) => formatTheatreTime(d, config.theatreTimeZone);

  // The card form posts urlencoded fields; only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
    done(null, fields);
  });

  function pageBooking(booking: BookingWithDetails): PageBooking {
    return {
      movieTitle: booking.show.movie.title,
      showTime: time(booking.show.startsAt),
      seats: booking.seats,
      amount: formatMoney(booking.amountCents, config.currency),
    };
  }

  function html(reply: FastifyReply, status: number, nonce: string, body: string) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', checkoutCsp(nonce, shellOrigin))
      .header('X-Robots-Tag', 'noindex')
      .send(body);
  }

  function notice(reply: FastifyReply, status: number, title: string, message: string, booking: BookingWithDetails | null) {
    const nonce = newNonce();
    return html(reply, status, nonce, noticePage({ title, message, booking: booking && pageBooking(booking), links: [myBookings], nonce }));
  }

  /** Why a booking takes no payment, or null when it does. */
  function closedReason(booking: BookingWithDetails | null): { status: number; title: string; message: string } | null {
    if (!booking) return { status: 404, title: 'Payment link not found', message: 'This payment link is not valid.' };
    if (booking.isPaid) return { status: 200, title: 'Already paid', message: 'This booking is already paid. Enjoy the show!' };
    if (booking.status === 'cancelled') {
      return {
        status: 410,
        title: 'Payment session expired',
        message: 'This booking was cancelled and its seats were released because it was not paid in time. Please book again.',
      };
    }
    return null;
  }

  /**
   * The show's sales are stopped (seats sold twice): no payment is taken, the session stays open and the
   * hold as it is (support decides who keeps the seats). Null when the show sells.
   */
  function salesStoppedNotice(reply: FastifyReply, booking: BookingWithDetails) {
    const refusal = payments.salesStopped(booking.showId);
    return refusal ? notice(reply, 503, 'Sales stopped', refusal, booking) : null;
  }

  app.get('/api/checkout/assets/checkout.js', { schema: { hide: true, response: { 200: javaScript('The checkout page script'), ...failures() } } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CHECKOUT_SCRIPT),
  );

  if (localCheckout) {
    const local = localCheckout;

    async function sessionAndBooking(sessionId: string) {
      const session = await local.getSession(sessionId);
      const booking = session ? await bookings.getWithDetails(session.bookingId) : null;
      return { session, booking };
    }

    /** The booking of a session this page just completed is paid now; a failure is left to reconciliation, which settles it later. */
    async function settle(completed: ProviderSession, booking: BookingWithDetails, log: FastifyBaseLogger) {
      try {
        const settled = await payments.settleCheckout(completed, booking);
        log.info({ sessionId: completed.id, outcome: settled.outcome }, 'local checkout: paid');
      } catch (error) {
        log.warn({ err: error, sessionId: completed.id }, 'local checkout: could not settle the booking now; reconciliation will');
      }
    }

    /**
     * An open session past its end is expired now, and the hold it was paying for released with it (the
     * hold sweeper would a moment later); a failure leaves both to the sweeper.
     */
    async function closeSession(session: LocalCheckoutSession, booking: BookingWithDetails | null) {
      const ownHeld = booking?.paymentSessionId === session.id && booking.status === 'held';
      await (ownHeld ? payments.releaseHold(booking) : payments.provider.expireSession(session.id)).catch(() => {});
    }

    /** The page for a session that takes no payment; an open session whose booking cannot be paid is closed. */
    async function closedPage(reply: FastifyReply, session: LocalCheckoutSession, booking: BookingWithDetails | null) {
      if (session.paymentStatus === 'paid' || booking?.isPaid) {
        return notice(reply, 200, 'Already paid', 'This booking is already paid. Enjoy the show!', booking);
      }
      if (session.status === 'open') await closeSession(session, booking);
      const reason = closedReason(booking);
      if (reason) return notice(reply, reason.status, reason.title, reason.message, booking);
      return notice(reply, 410, 'Payment session expired', 'This payment session has expired and can no longer be paid; the seats were released.', booking);
    }

    function form(reply: FastifyReply, sessionId: string, booking: BookingWithDetails, error?: { field: CardField | null; message: string }) {
      const nonce = newNonce();
      const session = `/api/checkout/sessions/${encodeURIComponent(sessionId)}`;
      return html(
        reply,
        200,
        nonce,
        checkoutFormPage({
          booking: pageBooking(booking),
          action: `${session}/pay`,
          cancelAction: `${session}/cancel`,
          holdEndsAt: booking.holdExpiresAt,
          now: now(),
          nonce,
          error,
        }),
      );
    }

    /** The refusal a redirect carries (its code and field), or none when the query names none we know. */
    function refusalOf(query: { refused?: string; field?: string }): { field: CardField | null; message: string } | undefined {
      if (!query.refused || !isRefusalCode(query.refused)) return undefined;
      const field = CARD_FIELDS.find((f) => f === query.field) ?? null;
      return { field, message: CARD_MESSAGES[query.refused] };
    }

    app.get(
      '/api/checkout/sessions/:sessionId',
      {
        schema: {
          tags,
          summary: 'Local checkout: the hosted payment page of a payment session (HTML)',
          params: CheckoutSessionParams,
          querystring: CheckoutRefusalQuery,
          response: {
            200: htmlPage('The card form (with the last refusal when the query names one), or a page saying the booking is already paid'),
            ...failures(),
            400: htmlPageOrError(400, 'the session id is malformed'),
            404: notFoundPage,
            410: gonePage,
            503: salesStoppedPage,
          },
        },
      },
      async (request, reply) => {
        const { sessionId } = request.params;
        const { session, booking } = await sessionAndBooking(sessionId);
        if (!session) return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
        if (!booking || !local.isPayable(session) || !isAwaitingPayment(booking)) return closedPage(reply, session, booking);
        return salesStoppedNotice(reply, booking) ?? form(reply, sessionId, booking, refusalOf(request.query));
      },
    );

    app.post(
      '/api/checkout/sessions/:sessionId/pay',
      {
        bodyLimit: FORM_BODY_LIMIT,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Local checkout: pay a session with a test card (form post; answers a redirect, or HTML when the session takes no payment)',
          params: CheckoutSessionParams,
          response: {
            303: redirect('Paid: on to the success page. Refused (a card field not valid, or the card declined): back to the payment page, which names the reason'),
            200: htmlPage('The booking is already paid (a page)'),
            ...failures(413, 415),
            400: htmlPageOrError(400, 'the session id is malformed'),
            404: notFoundPage,
            410: gonePage,
            503: salesStoppedPage,
          },
        },
      },
      async (request, reply) => {
        const { sessionId } = request.params;
        const raw = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
        const field = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).slice(0, 100) : '');
        const card: CardInput = { cardNumber: field('cardNumber'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') };

        const { session, booking } = await sessionAndBooking(sessionId);
        if (!session) return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
        if (!booking || !isAwaitingPayment(booking)) {
          // A double submit after paying lands on the success page as the first one did.
          if (session.paymentStatus === 'paid') return reply.redirect(successRedirect(session), 303);
          return closedPage(reply, session, booking);
        }
        const stopped = salesStoppedNotice(reply, booking);
        if (stopped) return stopped;
        const result = await local.pay(session, card);
        switch (result.kind) {
          case 'paid':
            if (result.completed) await settle(result.completed, booking, request.log);
            return reply.redirect(result.redirectTo, 303);
          case 'invalid':
          case 'declined': {
            request.log.info({ sessionId, outcome: result.kind }, 'local checkout: card refused');
            // Post/redirect/get: Back or a reload after a refusal shows the page again, never "Confirm Form Resubmission".
            const query = new URLSearchParams({ refused: refusalCode(result.message) ?? 'declined' });
            if (result.field) query.set('field', result.field);
            return reply.redirect(`/api/checkout/sessions/${encodeURIComponent(sessionId)}?${query}`, 303);
          }
          case 'closed':
            return closedPage(reply, result.session, booking);
          case 'unknown':
            return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
        }
      },
    );

    app.post(
      '/api/checkout/sessions/:sessionId/cancel',
      {
        bodyLimit: FORM_BODY_LIMIT,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Local checkout: cancel the payment (the page's Cancel button): releases the booking's hold, then back to My Bookings",
          params: CheckoutSessionParams,
          response: {
            303: redirect('To My Bookings, the seats released (or nothing changed when the booking was no longer held)'),
            ...failures(413, 415),
            400: htmlPageOrError(400, 'the session id is malformed'),
            404: notFoundPage,
          },
        },
      },
      async (request, reply) => {
        // Holding the payment link is what lets one pay (as with Stripe Checkout); it lets one give up the hold too.
        const { session, booking } = await sessionAndBooking(request.params.sessionId);
        if (!session) return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
        if (booking && isAwaitingPayment(booking)) {
          const result = await payments.releaseHold(booking);
          request.log.info({ bookingId: booking.id, outcome: result.outcome }, 'local checkout: cancelled by the customer');
        }
        return reply.redirect(myBookings.href, 303);
      },
    );
  }

  app.get(
    '/api/checkout/bookings/:bookingId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
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
      const stopped = salesStoppedNotice(reply, booking);
      if (stopped) return stopped;
      const self = `${config.publicUrl}/api/checkout/bookings/${booking.id}`;
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
          `The payment provider is not answering right now. Your seats stay held until ${time(booking.holdExpiresAt)}; please try again in a moment.`,
          booking,
        );
      }
    },
  );
}
