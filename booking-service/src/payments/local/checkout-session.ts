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
