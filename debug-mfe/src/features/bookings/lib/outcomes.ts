import type { Outcome } from 'shared-ui/staff';

/**
 * How a Fix Payment outcome reads to support: green only when the booking is now paid; amber when
 * nothing was wrong or it is not settled yet (the customer has not paid, the payment is processing, a
 * refund goes back); red when support has to look further (a mismatch, an unknown session).
 */
const FIX_OUTCOMES: Record<string, Outcome> = {
  paid: 'success',
  'paid-late': 'success',
  'already-paid': 'warning',
  open: 'warning',
  processing: 'warning',
  expired: 'warning',
  'no-session': 'warning',
  refund: 'warning',
  'payment-failed': 'error',
  mismatch: 'error',
  'unknown-session': 'error',
};

export function fixPaymentOutcome(outcome: string): Outcome {
  return FIX_OUTCOMES[outcome] ?? 'warning';
}

/** Mark as Paid: paid now is a success; already paid changed nothing. */
export function markPaidOutcome(outcome: 'paid' | 'already-paid'): Outcome {
  return outcome === 'paid' ? 'success' : 'warning';
}
