import Stripe from 'stripe';
import {
  PaymentProviderError,
  type CheckoutBooking,
  type CheckoutUrls,
  type PaymentProvider,
  type PaymentReference,
  type ProviderSession,
  type RefundResult,
} from '../provider.ts';
import { formatTheatreTime } from '../../contract/theatre-time.ts';
import { fromStripeSession, toStripeAmount, type StripeSessionObject } from './stripe-format.ts';

export interface StripeProviderOptions {
  secretKey: string;
  currency: string;
  theatreTimeZone: string;
  /** Another endpoint than api.stripe.com (stripe-mock, a test stand-in). */
  apiBase?: { protocol: 'http' | 'https'; host: string; port: number };
  /** Per request; stripe-node retries a failed request once more (with the same idempotency key). */
  timeoutMs: number;
  now?: () => Date;
}

/**
 * Stripe requires a Checkout Session to live at least 30 minutes. A hold is
 * shorter (10 minutes by default), so the session lives a little longer than
 * that minimum and the hold sweeper expires it through the API when the hold
 * ends; the hold, not the session, decides.
 */
export const STRIPE_MIN_SESSION_MS = 30 * 60_000;
const SESSION_MARGIN_MS = 60_000;

/** The session's expires_at: the hold's end, or Stripe's minimum lifetime (plus a margin) if that is later. */
export function stripeSessionExpiry(holdEnds: Date, now: Date): Date {
  return new Date(Math.max(holdEnds.getTime(), now.getTime() + STRIPE_MIN_SESSION_MS + SESSION_MARGIN_MS));
}

function describe(booking: CheckoutBooking, timeZone: string): { name: string; description: string } {
  const when = formatTheatreTime(booking.showStartsAt, timeZone);
  const count = booking.seats.length;
  return {
    name: `${booking.movieTitle}: ${count} ticket${count === 1 ? '' : 's'}`,
    description: `${when}, seat${count === 1 ? '' : 's'} ${booking.seats.join(', ')}`,
  };
}

/** stripe-node's errors -> unavailable (network, timeout, 5xx, rate limit) or refused (the request was wrong). */
function providerError(action: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const type = (error as { type?: unknown } | null)?.type;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  const message = error instanceof Error ? error.message : String(error);
  const unavailable =
    type === 'StripeConnectionError' ||
    type === 'StripeAPIError' ||
    type === 'StripeRateLimitError' ||
    (typeof status === 'number' && status >= 500) ||
    !(error instanceof Stripe.errors.StripeError);
  return new PaymentProviderError(`Stripe ${action} failed: ${message}`, unavailable ? 'unavailable' : 'refused', { cause: error });
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'resource_missing' || (error as { statusCode?: unknown } | null)?.statusCode === 404;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'movie-booking-service' },
    ...(options.apiBase ? { host: options.apiBase.host, port: options.apiBase.port, protocol: options.apiBase.protocol } : {}),
  });
  const currency = options.currency.toLowerCase();

  async function retrieve(sessionId: string): Promise<ProviderSession | null> {
    try {
      return fromStripeSession((await stripe.checkout.sessions.retrieve(sessionId)) as StripeSessionObject);
    } catch (error) {
      if (isMissing(error)) return null;
      throw providerError('session lookup', error);
    }
  }

  return {
    name: 'stripe',

    async createCheckoutSession(booking, urls: CheckoutUrls, expiresAt) {
      const { name, description } = describe(booking, booking.showTimeZone ?? options.theatreTimeZone);
      const count = booking.seats.length;
      // One line per seat when the price divides evenly (it does: amount = seat price x seats).
      const perSeat = booking.amountCents % count === 0;
      const params: Parameters<typeof stripe.checkout.sessions.create>[0] = {
        mode: 'payment',
        line_items: [
          {
            quantity: perSeat ? count : 1,
            price_data: {
              currency,
              unit_amount: toStripeAmount(perSeat ? booking.amountCents / count : booking.amountCents, options.currency),
              product_data: { name, description },
            },
          },
        ],
        metadata: { bookingId: booking.id },
        client_reference_id: booking.id,
        payment_intent_data: { metadata: { bookingId: booking.id }, description: `${name}, ${description}` },
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        expires_at: Math.floor(stripeSessionExpiry(expiresAt, now()).getTime() / 1000),
        ...(booking.customerEmail ? { customer_email: booking.customerEmail } : {}),
      };
      try {
        const session = await stripe.checkout.sessions.create(params);
        if (!session.url) throw new PaymentProviderError('Stripe answered a Checkout Session without a url', 'refused');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw providerError('Checkout Session creation', error);
      }
    },

    retrieveSession: retrieve,

    async expireSession(sessionId) {
      try {
        return fromStripeSession((await stripe.checkout.sessions.expire(sessionId)) as StripeSessionObject);
      } catch (error) {
        if (isMissing(error)) return null;
        // Only an open session can be expired: one that is complete or expired already is reported as it is.
        if ((error as { type?: unknown }).type === 'StripeInvalidRequestError') return retrieve(sessionId);
        throw providerError('session expiry', error);
      }
    },

    async refund(payment: PaymentReference, amountCents, reason, idempotencyKey): Promise<RefundResult> {
      let paymentIntent = payment.paymentIntentId;
      if (!paymentIntent && payment.sessionId) paymentIntent = (await retrieve(payment.sessionId))?.paymentIntentId ?? null;
      if (!paymentIntent) throw new PaymentProviderError('No Stripe payment to refund: the session has no PaymentIntent', 'refused');
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            ...(amountCents !== undefined ? { amount: toStripeAmount(amountCents, options.currency) } : {}),
            reason: 'requested_by_customer',
            metadata: { reason: reason.slice(0, 500) },
          },
          { idempotencyKey },
        );
        const status = refund.status ?? 'pending';
        return { refundId: refund.id, status: (['succeeded', 'pending', 'failed', 'canceled', 'requires_action'] as const).find((s) => s === status) ?? 'pending' };
      } catch (error) {
        throw providerError('refund', error);
      }
    },
  };
}
