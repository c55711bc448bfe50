export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

/** A payment session of the local checkout (the embedded stand-in for Stripe Checkout). */
export interface LocalCheckoutSession {
  id: string;
  bookingId: string;
  amountCents: number;
  currency: string;
  description: string;
  status: CheckoutSessionStatus;
  paymentStatus: 'paid' | 'unpaid';
  paymentIntentId: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
  /** The newest refund's id. */
  refundId: string | null;
  /** What its refunds took back in all, never more than was paid. */
  refundedCents: number;
  /** Each refund's idempotency key: a session is refunded in parts (seats given back, then the rest), each once. */
  refundKeys: string[];
}

export type NewLocalCheckoutSession = Omit<
  LocalCheckoutSession,
  'status' | 'paymentStatus' | 'paymentIntentId' | 'completedAt' | 'refundId' | 'refundedCents' | 'refundKeys'
>;

/** The local checkout's payment sessions (what Stripe keeps for Stripe Checkout). */
export interface CheckoutSessionRepository {
  create(session: NewLocalCheckoutSession): Promise<LocalCheckoutSession>;
  get(id: string): Promise<LocalCheckoutSession | null>;
  /** open and not expired by `now` -> complete and paid, conditionally. */
  complete(id: string, payment: { now: Date; paymentIntentId: string }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /** open -> expired, conditionally. */
  expire(id: string): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /**
   * Records a refund of part or all of a paid session, once per key and only within what is left of the payment;
   * `changed: false` when the key was recorded before (its refund stands) or the amount is more than is left.
   */
  refund(id: string, refund: { refundId: string; amountCents: number; key: string }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
}
