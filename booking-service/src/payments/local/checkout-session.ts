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
  refundId: string | null;
  refundedCents: number;
}

export type NewLocalCheckoutSession = Omit<
  LocalCheckoutSession,
  'status' | 'paymentStatus' | 'paymentIntentId' | 'completedAt' | 'refundId' | 'refundedCents'
>;

/** The local checkout's payment sessions (what Stripe keeps for Stripe Checkout). */
export interface CheckoutSessionRepository {
  create(session: NewLocalCheckoutSession): Promise<LocalCheckoutSession>;
  get(id: string): Promise<LocalCheckoutSession | null>;
  /** open and not expired by `now` -> complete and paid, conditionally. */
  complete(id: string, payment: { now: Date; paymentIntentId: string }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /** open -> expired, conditionally. */
  expire(id: string): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
  /** Records a refund of a paid session once; a second refund answers the first. */
  refund(id: string, refund: { refundId: string; amountCents: number }): Promise<{ session: LocalCheckoutSession; changed: boolean } | null>;
}
