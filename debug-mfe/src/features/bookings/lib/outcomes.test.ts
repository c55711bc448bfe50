import { describe, expect, it } from 'vitest';
import { fixPaymentOutcome, markPaidOutcome } from './outcomes';

describe('support toasts by outcome', () => {
  it('is green only when the booking got paid', () => {
    expect(fixPaymentOutcome('paid')).toBe('success');
    expect(fixPaymentOutcome('paid-late')).toBe('success');
    expect(markPaidOutcome('paid')).toBe('success');
  });

  it('is amber when the customer has not paid yet or nothing changed, red when support must look further', () => {
    for (const outcome of ['open', 'processing', 'no-session', 'already-paid', 'expired', 'refund', 'something-new']) expect(fixPaymentOutcome(outcome), outcome).toBe('warning');
    expect(markPaidOutcome('already-paid')).toBe('warning');
    for (const outcome of ['mismatch', 'unknown-session', 'payment-failed']) expect(fixPaymentOutcome(outcome), outcome).toBe('error');
  });
});
