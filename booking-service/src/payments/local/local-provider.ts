import { createHash, randomBytes } from 'node:crypto';
import type { CheckoutSessionRepository, LocalCheckoutSession } from './checkout-session.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderSession,
  type RefundResult,
} from '../provider.ts';
import { charge, checkCard, type CardField, type CardInput } from './cards.ts';

export interface LocalProviderOptions {
  sessions: CheckoutSessionRepository;
  /** The service's public origin: the hosted checkout page is served there. */
  publicUrl: string;
  currency: string;
  now: () => Date;
}

export type PayResult =
  /**
   * Paid; `completed` is the session as the provider now reports it when this payment completed it, for the
   * caller to settle the booking with (null: an earlier submit of the same form paid, and settled it).
   */
  | { kind: 'paid'; session: LocalCheckoutSession; completed: ProviderSession | null; redirectTo: string }
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
  /** Charges the card for a session just read (`getSession`); the caller settles the booking with what it answers. */
  pay(session: LocalCheckoutSession, card: CardInput): Promise<PayResult>;
}

const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** Where a paid session sends the customer: its success URL, with the session's id filled in. */
export function successRedirect(session: LocalCheckoutSession): string {
  return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
}

/** The local checkout among the providers (composition serves its pages only then). */
export function isLocalCheckout(provider: PaymentProvider): provider is LocalCheckoutProvider {
  return provider.name === 'local';
}

export function checkoutPageUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/api/checkout/sessions/${encodeURIComponent(sessionId)}`;
}

/**
 * The embedded default payment provider: Stripe Checkout's behaviour on the
 * service's own hosted page. Sessions live in the database (so they survive a
 * restart and every instance sees them) and the page accepts Stripe's test cards.
 * Nothing is announced: the page's route settles the booking with the session
 * `pay` answers, and the service's jobs read any other change through
 * `retrieveSession`, as they do Stripe's.
 */
export function createLocalCheckoutProvider(options: LocalProviderOptions): LocalCheckoutProvider {
  const { sessions, now } = options;

  /** A session as it stands now: an open one past its end reads as expired (as at Stripe). */
  function effectiveStatus(session: LocalCheckoutSession): LocalCheckoutSession['status'] {
    return session.status === 'open' && session.expiresAt.getTime() <= now().getTime() ? 'expired' : session.status;
  }

  /** The session as the payment port reports every provider's. */
  function view(session: LocalCheckoutSession): ProviderSession {
    const status = effectiveStatus(session);
    return {
      id: session.id,
      status,
      paymentStatus: session.paymentStatus,
      paymentIntentId: session.paymentIntentId,
      amountTotal: session.amountCents,
      currency: session.currency.toUpperCase(),
      bookingId: session.bookingId,
      url: status === 'open' ? checkoutPageUrl(options.publicUrl, session.id) : null,
    };
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
      return result ? view(result.session) : null;
    },

    async refund(payment, amountCents, _reason, idempotencyKey): Promise<RefundResult> {
      const session = payment.sessionId ? await sessions.get(payment.sessionId) : null;
      if (!session || session.paymentStatus !== 'paid') {
        throw new PaymentProviderError('Local checkout: no payment to refund for this session', 'refused');
      }
      // As Stripe's idempotency key: the same key answers the same refund (its id derived from the key), once recorded.
      const refundId = `re_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
      const amount = amountCents ?? session.amountCents - session.refundedCents;
      const result = await sessions.refund(session.id, { refundId, amountCents: amount, key: idempotencyKey });
      if (result?.changed || result?.session.refundKeys.includes(idempotencyKey)) return { refundId, status: 'succeeded' };
      // Refunded in full before keys were recorded: that refund stands for it.
      if (result && result.session.refundKeys.length === 0 && result.session.refundId) return { refundId: result.session.refundId, status: 'succeeded' };
      throw new PaymentProviderError('Local checkout: the refund is more than what is left of the payment', 'refused');
    },

    getSession: (sessionId) => sessions.get(sessionId),

    isPayable: (session) => effectiveStatus(session) === 'open',

    async pay(session, card) {
      if (!provider.isPayable(session)) return { kind: 'closed', session };
      const check = checkCard(card, now());
      if (!check.ok) return { kind: 'invalid', session, field: check.field, message: check.message };
      const outcome = charge(check.number);
      if (!outcome.ok) return { kind: 'declined', session, field: null, message: outcome.message };
      const completed = await sessions.complete(session.id, { now: now(), paymentIntentId: randomId('pi_local_') });
      if (!completed) return { kind: 'unknown' };
      // A second submit of the same form: the first one paid; nothing is charged twice.
      if (!completed.changed) return completed.session.paymentStatus === 'paid' ? paid(completed.session, null) : { kind: 'closed', session: completed.session };
      return paid(completed.session, view(completed.session));
    },
  };

  function paid(session: LocalCheckoutSession, completed: ProviderSession | null): PayResult {
    return { kind: 'paid', session, completed, redirectTo: successRedirect(session) };
  }

  return provider;
}
