/**
 * The local checkout as a payment provider: Stripe Checkout's sessions, and what its card form and Stripe's
 * test cards do when charged. It takes test cards only, so it never moves money.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CheckoutSessionRepository, LocalCheckoutSession } from './checkout-session.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderSession,
  type RefundResult,
} from '../provider.ts';

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';

export type CardCheck =
  | { ok: true; number: string; brand: string; last4: string }
  | { ok: false; field: CardField; message: string };

export type ChargeOutcome = { ok: true } | { ok: false; code: string; message: string };

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

// The card checks: what Stripe Checkout's form refuses before charging (number, expiry, security code), and what
// Stripe's test cards do when charged.

/** Stripe's own messages (Checkout shows these), so the local checkout reads the same. */
export const MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  pastExpiry: "Your card's expiration date is in the past.",
  invalidExpiry: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  missingName: 'Please enter the name on your card.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  notTestCard: 'Your card was declined. This checkout is in test mode and accepts test cards only, such as 4242 4242 4242 4242.',
} as const;

export type RefusalCode = keyof typeof MESSAGES;

/**
 * The code of a refusal message, for the redirect after a refused card (post/redirect/get): the
 * page it lands on shows the message from this table, so nothing the visitor typed reaches the URL.
 */
export function refusalCode(message: string): RefusalCode | null {
  const entry = Object.entries(MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as RefusalCode) : null;
}

export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(MESSAGES, code);
}

export const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

/** Stripe's test cards that succeed (https://docs.stripe.com/testing#cards). */
const SUCCEEDING = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

/** Stripe's test cards that are declined, and how. */
const DECLINING: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: MESSAGES.declined },
  '4000000000009995': { code: 'insufficient_funds', message: MESSAGES.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: MESSAGES.declined },
  '4000000000009979': { code: 'stolen_card', message: MESSAGES.declined },
  '4000000000000069': { code: 'expired_card', message: MESSAGES.expiredCard },
  '4000000000000127': { code: 'incorrect_cvc', message: MESSAGES.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: MESSAGES.processingError },
  '4100000000000019': { code: 'card_declined', message: MESSAGES.declined },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** Parses "MM/YY", "MM / YY", "MM/YYYY" or "MMYY"; null when it is not a month and a year. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*(?:\/|-|\s)?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** The checks Stripe's form makes before charging; `now` decides what "past" is. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (number.length === 0 || !/^\d+$/.test(number)) {
    return { ok: false, field: 'cardNumber', message: number.length === 0 ? MESSAGES.incompleteNumber : MESSAGES.invalidNumber };
  }
  if (number.length < 13) return { ok: false, field: 'cardNumber', message: MESSAGES.incompleteNumber };
  if (number.length > 19 || !luhnValid(number)) return { ok: false, field: 'cardNumber', message: MESSAGES.invalidNumber };

  if (input.expiry.trim() === '') return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  if (expiry.month < 1 || expiry.month > 12) return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) {
    return { ok: false, field: 'expiry', message: MESSAGES.pastExpiry };
  }
  if (expiry.year > thisYear + 50) return { ok: false, field: 'expiry', message: MESSAGES.invalidExpiry };

  const brand = brandOf(number);
  const cvc = input.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (cvc.length === 0) return { ok: false, field: 'cvc', message: MESSAGES.incompleteCvc };
  if (!/^\d+$/.test(cvc) || cvc.length > cvcLength) return { ok: false, field: 'cvc', message: MESSAGES.invalidCvc };
  if (cvc.length < cvcLength) return { ok: false, field: 'cvc', message: MESSAGES.incompleteCvc };

  if (input.name.trim() === '') return { ok: false, field: 'name', message: MESSAGES.missingName };
  return { ok: true, number, brand, last4: number.slice(-4) };
}

/** What charging a valid card does: Stripe's test cards behave as documented; any other card is refused. */
export function charge(number: string): ChargeOutcome {
  if (SUCCEEDING.has(number)) return { ok: true };
  const declined = DECLINING[number];
  if (declined) return { ok: false, ...declined };
  return { ok: false, code: 'card_declined', message: MESSAGES.notTestCard };
}
