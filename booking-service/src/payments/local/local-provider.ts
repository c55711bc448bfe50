import { randomBytes } from 'node:crypto';
import type { CheckoutSessionRepository, LocalCheckoutSession } from './checkout-session.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderSession,
  type RefundResult,
} from '../provider.ts';
import { fromStripeSession, toStripeAmount, type StripeSessionObject } from '../stripe-format.ts';
import { signStripePayload } from '../webhook-secret.ts';
import { charge, checkCard, type CardField, type CardInput } from './cards.ts';

export interface LocalProviderOptions {
  sessions: CheckoutSessionRepository;
  /** The service's public origin: the hosted checkout page is served there. */
  publicUrl: string;
  currency: string;
  now: () => Date;
  /** The secret the webhook endpoint verifies signatures with. */
  webhookSecret: string;
  /** Hands a signed event to the webhook endpoint (in process, through its route and its signature check). */
  deliver: (payload: string, signature: string) => Promise<void>;
  log: { warn(object: object, message: string): void };
}

export type PayResult =
  | { kind: 'paid'; session: LocalCheckoutSession; redirectTo: string }
  /** The card was refused on the page (invalid) or by the (simulated) issuer (declined). */
  | { kind: 'invalid' | 'declined'; session: LocalCheckoutSession; field: CardField | null; message: string }
  /** Expired or already paid: nothing was charged. */
  | { kind: 'closed'; session: LocalCheckoutSession }
  | { kind: 'unknown' };

export interface LocalCheckoutProvider extends PaymentProvider {
  readonly name: 'local';
  getSession(sessionId: string): Promise<LocalCheckoutSession | null>;
  /** Open and before its end: the page takes a payment. */
  isPayable(session: LocalCheckoutSession): boolean;
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export function checkoutPageUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/api/checkout/sessions/${encodeURIComponent(sessionId)}`;
}

/**
 * The embedded default payment provider: Stripe Checkout's behaviour on the
 * service's own hosted page. Sessions live in the database (so they survive a
 * restart and every instance sees them), the page accepts Stripe's test cards,
 * and completion and expiry are announced as Stripe-format events, signed with
 * the webhook secret, to the same webhook endpoint Stripe would call.
 */
export function createLocalCheckoutProvider(options: LocalProviderOptions): LocalCheckoutProvider {
  const { sessions, now } = options;

  /** A session as it stands now: an open one past its end reads as expired (as at Stripe). */
  function effectiveStatus(session: LocalCheckoutSession): LocalCheckoutSession['status'] {
    return session.status === 'open' && session.expiresAt.getTime() <= now().getTime() ? 'expired' : session.status;
  }

  function stripeObject(session: LocalCheckoutSession): StripeSessionObject & Record<string, unknown> {
    const status = effectiveStatus(session);
    return {
      id: session.id,
      object: 'checkout.session',
      amount_subtotal: toStripeAmount(session.amountCents, session.currency),
      amount_total: toStripeAmount(session.amountCents, session.currency),
      currency: session.currency.toLowerCase(),
      client_reference_id: session.bookingId,
      metadata: { bookingId: session.bookingId },
      mode: 'payment',
      payment_intent: session.paymentIntentId,
      payment_status: session.paymentStatus,
      status,
      url: status === 'open' ? checkoutPageUrl(options.publicUrl, session.id) : null,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      expires_at: seconds(session.expiresAt),
      created: seconds(session.createdAt),
      livemode: false,
    };
  }

  const view = (session: LocalCheckoutSession): ProviderSession => fromStripeSession(stripeObject(session));

  /** Announces a change as Stripe would: a signed event to the webhook endpoint. A failed delivery is caught up by reconciliation. */
  async function announce(type: 'checkout.session.completed' | 'checkout.session.expired', session: LocalCheckoutSession) {
    const at = now();
    const payload = JSON.stringify({
      id: randomId('evt_local_'),
      object: 'event',
      api_version: null,
      created: seconds(at),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: stripeObject(session) },
    });
    try {
      await options.deliver(payload, signStripePayload(payload, options.webhookSecret, seconds(at)));
    } catch (error) {
      options.log.warn({ err: error, sessionId: session.id, type }, 'local checkout: event delivery failed; reconciliation will settle the booking');
    }
  }

  const provider: LocalCheckoutProvider = {
    name: 'local',

    async createCheckoutSession(booking, urls, expiresAt) {
      const session = await sessions.create({
        id: randomId('cs_local_'),
        bookingId: booking.id,
        amountCents: booking.amountCents,
        currency: options.currency,
        description: `${booking.movieTitle}, seat${booking.seats.length === 1 ? '' : 's'} ${booking.seats.join(', ')}`,
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        // No minimum lifetime here: the session ends exactly with the hold.
        expiresAt,
        createdAt: now(),
      });
      return { sessionId: session.id, url: checkoutPageUrl(options.publicUrl, session.id) };
    },

    async retrieveSession(sessionId) {
      const session = await sessions.get(sessionId);
      return session ? view(session) : null;
    },

    async expireSession(sessionId) {
      const result = await sessions.expire(sessionId);
      if (!result) return null;
      if (result.changed) await announce('checkout.session.expired', result.session);
      return view(result.session);
    },

    async refund(payment, amountCents, _reason, _idempotencyKey): Promise<RefundResult> {
      const session = payment.sessionId ? await sessions.get(payment.sessionId) : null;
      if (!session || session.paymentStatus !== 'paid') {
        throw new PaymentProviderError('Local checkout: no payment to refund for this session', 'refused');
      }
      // Once per session: a repeated refund answers the first one (as an idempotency key would).
      const result = await sessions.refund(session.id, { refundId: randomId('re_local_'), amountCents: amountCents ?? session.amountCents });
      return { refundId: result!.session.refundId!, status: 'succeeded' };
    },

    getSession: (sessionId) => sessions.get(sessionId),

    isPayable: (session) => effectiveStatus(session) === 'open',

    async pay(sessionId, card) {
      const session = await sessions.get(sessionId);
      if (!session) return { kind: 'unknown' };
      if (!provider.isPayable(session)) return { kind: 'closed', session };
      const check = checkCard(card, now());
      if (!check.ok) return { kind: 'invalid', session, field: check.field, message: check.message };
      const outcome = charge(check.number);
      if (!outcome.ok) return { kind: 'declined', session, field: null, message: outcome.message };
      const completed = await sessions.complete(sessionId, { now: now(), paymentIntentId: randomId('pi_local_') });
      if (!completed) return { kind: 'unknown' };
      // A second submit of the same form: the first one paid; nothing is charged twice.
      if (!completed.changed) return completed.session.paymentStatus === 'paid' ? paid(completed.session) : { kind: 'closed', session: completed.session };
      await announce('checkout.session.completed', completed.session);
      return paid(completed.session);
    },
  };

  function paid(session: LocalCheckoutSession): PayResult {
    return { kind: 'paid', session, redirectTo: session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id)) };
  }

  return provider;
}
