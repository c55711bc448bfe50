/**
 * The payment port: what the service asks of a payment provider, in its own terms
 * (payment sessions, what became of them, refunds), amounts in the service's cents.
 * Each provider is an adapter folder beside this file (stripe/: Stripe Checkout in
 * production; local/: the service's own checkout on a fresh machine), chosen in
 * composition/payments.ts; nothing above an adapter knows which one it talks to.
 */

/** What a payment session is for. */
export interface CheckoutBooking {
  id: string;
  amountCents: number;
  seats: string[];
  movieTitle: string;
  showStartsAt: Date;
  /** The clock of the show's cinema, its time told on it (the provider's own zone when absent). */
  showTimeZone?: string;
  /** Prefills the provider's email field and receipt; may be empty. */
  customerEmail: string;
}

export interface CheckoutUrls {
  /** Where the provider sends the customer after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  /** Where the customer goes back to without paying. */
  cancelUrl: string;
}

export interface CreatedSession { sessionId: string; url: string }

export type SessionStatus = 'open' | 'complete' | 'expired';
export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/** A payment session as the provider reports it, amounts in the service's cents. */
export interface ProviderSession {
  id: string;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  paymentIntentId: string | null;
  amountTotal: number;
  /** ISO 4217, upper case. */
  currency: string;
  bookingId: string | null;
  url: string | null;
}

/** What a provider reports of a session on its own (Stripe's webhook): the session now, and whether a delayed payment failed. */
export interface SessionOutcome {
  session: ProviderSession;
  asyncPaymentFailed?: boolean;
}

export interface RefundResult {
  refundId: string;
  /** Pending means accepted and on its way. */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
}

export interface PaymentReference {
  paymentIntentId: string | null;
  sessionId: string | null;
}

export interface PaymentProvider {
  /** Its name in the public settings (/api/config's paymentProvider): 'stripe', 'local'. */
  readonly name: string;
  /**
   * Opens a payment session for the booking. `expiresAt` is the end of the hold;
   * a provider with a longer minimum lifetime keeps the session longer and the
   * hold sweeper expires it when the hold ends.
   */
  createCheckoutSession(booking: CheckoutBooking, urls: CheckoutUrls, expiresAt: Date): Promise<CreatedSession>;
  /** The session as the provider knows it, or null when it does not know the id. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Ends an open session so it can no longer be paid; a session that is not open is returned as it is. */
  expireSession(sessionId: string): Promise<ProviderSession | null>;
  /** Refunds a payment (all of it unless `amountCents`), once per idempotency key. */
  refund(payment: PaymentReference, amountCents: number | undefined, reason: string, idempotencyKey: string): Promise<RefundResult>;
}

/**
 * The provider could not be reached or did not answer in time (`unavailable`,
 * worth retrying), or refused the request (`refused`).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** A session whose money has arrived. */
export function isPaidSession(session: ProviderSession): boolean {
  return session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
}

export function successUrlFor(shellUrl: string): string {
  return `${shellUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

export function cancelUrlFor(shellUrl: string): string {
  return `${shellUrl}/my-bookings`;
}
