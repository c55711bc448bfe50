import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { BookingRepository } from '../../bookings/booking-repository.ts';
import type { BookingWithDetails } from '../../bookings/booking.ts';
import { isAwaitingPayment } from '../../bookings/booking-state-machine.ts';
import type { CinemaDirectory } from '../../cinemas/cinema-directory.ts';
import type { Config } from '../../config/config.ts';
import { failures } from '../../contract/failures.ts';
import { htmlPage, htmlPageOrError, javaScript, redirect } from '../../contract/media.ts';
import { CheckoutRefusalQuery, CheckoutSessionParams } from '../../contract/schemas.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { CHECKOUT_TAGS, checkoutPages, closedReason, gonePage, notFoundPage, salesStoppedPage } from '../checkout-replies.ts';
import type { PaymentService } from '../payment-service.ts';
import type { ProviderSession } from '../provider.ts';
import { CARD_FIELDS, isRefusalCode, MESSAGES as CARD_MESSAGES, refusalCode, successRedirect, type CardField, type CardInput, type LocalCheckoutProvider } from './local-provider.ts';
import { newNonce } from '../checkout-markup.ts';
import { CHECKOUT_SCRIPT, checkoutFormPage } from './card-form-markup.ts';
import type { LocalCheckoutSession } from './checkout-session.ts';

/** A card form is tiny; anything bigger is not one. */
const FORM_BODY_LIMIT = 4 * 1024;

export interface LocalCheckoutRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  config: Pick<Config, 'shellUrl' | 'theatreTimeZone' | 'currency' | 'cancellationCutoffMinutes'>;
  /** The clock of a booking's show's cinema. */
  cinemas: Pick<CinemaDirectory, 'timeZoneOf'>;
  payments: Pick<PaymentService, 'provider' | 'releaseHold' | 'salesStopped' | 'settleCheckout'>;
  localCheckout: LocalCheckoutProvider;
  now: () => Date;
}

/**
 * `/api/checkout/sessions/:sessionId`: the local checkout's hosted payment page (the embedded default
 * payment provider, served only when it is the provider), the card form it posts (`/pay`: charge the
 * card, then settle the booking at once), its Cancel button (`/cancel`) and the form's script.
 */
export async function localCheckoutRoutes(app: AppInstance, deps: LocalCheckoutRoutesDeps) {
  const pages = sessionPages(deps);
  const { notice } = pages;

  // The card form posts urlencoded fields; only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
    done(null, fields);
  });

  app.get('/api/checkout/assets/checkout.js', { schema: { hide: true, response: { 200: javaScript('The checkout page script'), ...failures() } } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CHECKOUT_SCRIPT),
  );

  app.get(
    '/api/checkout/sessions/:sessionId',
    {
      schema: {
        tags: CHECKOUT_TAGS,
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
      const { session, booking } = await pages.sessionAndBooking(sessionId);
      if (!session) return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
      if (!booking || !deps.localCheckout.isPayable(session) || !isAwaitingPayment(booking)) return pages.closedPage(reply, session, booking);
      return pages.salesStoppedNotice(reply, booking) ?? pages.form(reply, sessionId, booking, refusalOf(request.query));
    },
  );

  app.post(
    '/api/checkout/sessions/:sessionId/pay',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: CHECKOUT_TAGS,
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
    async (request, reply) => payWithCard(pages, deps, request.params.sessionId, cardOf(request.body), reply, request.log),
  );

  app.post(
    '/api/checkout/sessions/:sessionId/cancel',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: CHECKOUT_TAGS,
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
      const { session, booking } = await pages.sessionAndBooking(request.params.sessionId);
      if (!session) return notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
      if (booking && isAwaitingPayment(booking)) {
        const result = await deps.payments.releaseHold(booking);
        request.log.info({ bookingId: booking.id, outcome: result.outcome }, 'local checkout: cancelled by the customer');
      }
      return reply.redirect(pages.myBookings.href, 303);
    },
  );
}

/**
 * The Pay button: the session and its booking read once; the card charged by the provider (local-provider.ts);
 * the booking settled at once with the completed session (payment-service.ts's settleCheckout).
 */
async function payWithCard(pages: SessionPages, deps: LocalCheckoutRoutesDeps, sessionId: string, card: CardInput, reply: FastifyReply, log: FastifyBaseLogger) {
  const { session, booking } = await pages.sessionAndBooking(sessionId);
  if (!session) return pages.notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
  if (!booking || !isAwaitingPayment(booking)) {
    // A double submit after paying lands on the success page as the first one did.
    if (session.paymentStatus === 'paid') return reply.redirect(successRedirect(session), 303);
    return pages.closedPage(reply, session, booking);
  }
  const stopped = pages.salesStoppedNotice(reply, booking);
  if (stopped) return stopped;
  const result = await deps.localCheckout.pay(session, card);
  switch (result.kind) {
    case 'paid':
      if (result.completed) await settle(deps, result.completed, booking, log);
      return reply.redirect(result.redirectTo, 303);
    case 'invalid':
    case 'declined': {
      log.info({ sessionId, outcome: result.kind }, 'local checkout: card refused');
      // Post/redirect/get: Back or a reload after a refusal shows the page again, never "Confirm Form Resubmission".
      const query = new URLSearchParams({ refused: refusalCode(result.message) ?? 'declined' });
      if (result.field) query.set('field', result.field);
      return reply.redirect(`/api/checkout/sessions/${encodeURIComponent(sessionId)}?${query}`, 303);
    }
    case 'closed':
      return pages.closedPage(reply, result.session, booking);
    case 'unknown':
      return pages.notice(reply, 404, 'Payment link not found', 'This payment link is not valid.', null);
  }
}

/** The booking of a session this page just completed is paid now; a failure is left to reconciliation, which settles it later. */
async function settle({ payments }: LocalCheckoutRoutesDeps, completed: ProviderSession, booking: BookingWithDetails, log: FastifyBaseLogger) {
  try {
    const settled = await payments.settleCheckout(completed, booking);
    log.info({ sessionId: completed.id, outcome: settled.outcome }, 'local checkout: paid');
  } catch (error) {
    log.warn({ err: error, sessionId: completed.id }, 'local checkout: could not settle the booking now; reconciliation will');
  }
}

/** The card form's fields, each a string of at most 100 characters. */
function cardOf(body: unknown): CardInput {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const field = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).slice(0, 100) : '');
  return { cardNumber: field('cardNumber'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') };
}

/** The refusal a redirect carries (its code and field), or none when the query names none we know. */
function refusalOf(query: { refused?: string; field?: string }): { field: CardField | null; message: string } | undefined {
  if (!query.refused || !isRefusalCode(query.refused)) return undefined;
  const field = CARD_FIELDS.find((f) => f === query.field) ?? null;
  return { field, message: CARD_MESSAGES[query.refused] };
}

type SessionPages = ReturnType<typeof sessionPages>;

/** What the session's pages answer: its form, or why it takes no payment. */
function sessionPages({ bookings, config, payments, localCheckout, now, cinemas }: LocalCheckoutRoutesDeps) {
  const { html, notice, pageBooking, myBookings } = checkoutPages(config, cinemas, now);

  async function sessionAndBooking(sessionId: string) {
    const session = await localCheckout.getSession(sessionId);
    const booking = session ? await bookings.getWithDetails(session.bookingId) : null;
    return { session, booking };
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

  /**
   * The show's sales are stopped (seats sold twice): no payment is taken, the session stays open and the
   * hold as it is (support decides who keeps the seats). Null when the show sells.
   */
  function salesStoppedNotice(reply: FastifyReply, booking: BookingWithDetails) {
    const refusal = payments.salesStopped(booking.showId);
    return refusal ? notice(reply, 503, 'Sales stopped', refusal, booking) : null;
  }

  function form(reply: FastifyReply, sessionId: string, booking: BookingWithDetails, error?: { field: CardField | null; message: string }) {
    const nonce = newNonce();
    const session = `/api/checkout/sessions/${encodeURIComponent(sessionId)}`;
    const page = checkoutFormPage({ booking: pageBooking(booking, true), action: `${session}/pay`, cancelAction: `${session}/cancel`, holdEndsAt: booking.holdExpiresAt, now: now(), nonce, error });
    return html(reply, 200, nonce, page);
  }

  return { myBookings, notice, sessionAndBooking, closedPage, salesStoppedNotice, form };
}
