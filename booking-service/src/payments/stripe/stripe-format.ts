import type { ProviderSession, SessionOutcome, SessionPaymentStatus, SessionStatus } from '../provider.ts';

/**
 * Stripe's wire format for what the service reads and writes: amounts in the
 * currency's smallest unit, Checkout Session objects and events, turned into
 * the payment port's terms for the Stripe adapter and its webhook receiver.
 */

/** Currencies Stripe takes in whole units (no minor unit). */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Currencies Stripe takes in thousandths (the last digit must be 0). */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** The service's cents (hundredths of a unit) -> Stripe's amount in the currency's smallest unit. */
export function toStripeAmount(cents: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) {
    if (cents % 100 !== 0) throw new RangeError(`${code} has no minor unit: ${cents / 100} is not a whole amount`);
    return cents / 100;
  }
  if (THREE_DECIMAL.has(code)) return cents * 10;
  return cents;
}

/** Stripe's amount in the currency's smallest unit -> the service's cents. */
export function fromStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return amount * 100;
  if (THREE_DECIMAL.has(code)) return Math.round(amount / 10);
  return amount;
}

/** The fields of a Checkout Session object the service reads (from the API or from an event). */
export interface StripeSessionObject {
  id: string;
  object?: string;
  status?: string | null;
  payment_status?: string | null;
  payment_intent?: string | { id: string } | null;
  amount_total?: number | null;
  currency?: string | null;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
  url?: string | null;
}

const STATUSES: SessionStatus[] = ['open', 'complete', 'expired'];
const PAYMENT_STATUSES: SessionPaymentStatus[] = ['paid', 'unpaid', 'no_payment_required'];

export function fromStripeSession(session: StripeSessionObject): ProviderSession {
  const currency = (session.currency ?? '').toUpperCase();
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: STATUSES.find((s) => s === session.status) ?? 'open',
    paymentStatus: PAYMENT_STATUSES.find((s) => s === session.payment_status) ?? 'unpaid',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountTotal: fromStripeAmount(session.amount_total ?? 0, currency),
    currency,
    bookingId: session.metadata?.bookingId ?? session.client_reference_id ?? null,
    url: session.url ?? null,
  };
}

/** The fields of an event the service reads. */
export interface StripeEventObject {
  id: string;
  type: string;
  created?: number;
  data: { object: unknown };
}

function isCheckoutSessionObject(value: unknown): value is StripeSessionObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    (value as { object?: unknown }).object === 'checkout.session'
  );
}

/** What an event reports of a Checkout Session, in the payment port's terms; null for an event the service does not act on. */
export function sessionOutcomeOf(event: StripeEventObject): SessionOutcome | null {
  const object = event.data?.object;
  if (!isCheckoutSessionObject(object)) return null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return { session: fromStripeSession(object) };
    case 'checkout.session.async_payment_failed':
      return { session: fromStripeSession(object), asyncPaymentFailed: true };
    default:
      return null;
  }
}
