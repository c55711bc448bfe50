import { describe, expect, it } from 'vitest';
import { cancellationEndsAt, cancellationPolicyIfPaidNow, cancellationPolicyText, cancellationRefusal, cutoffDuration } from './cancellation.ts';

const startsAt = new Date('2031-05-15T19:00:00.000Z');
const formatTime = (instant: Date) => instant.toISOString().slice(11, 16);
const at = (iso: string, cutoffMinutes = 120, admitted = false) => cancellationRefusal({ startsAt, now: new Date(iso), cutoffMinutes, admitted, formatTime });

describe('the cancellation policy', () => {
  it('states the cutoff in plain words, or that online cancellation is off', () => {
    expect(cutoffDuration(120)).toBe('2 hours');
    expect(cutoffDuration(60)).toBe('1 hour');
    expect(cutoffDuration(90)).toBe('90 minutes');
    expect(cutoffDuration(2880)).toBe('2 days');
    expect(cancellationPolicyText(120)).toBe('Free cancellation until 2 hours before the show, with a full refund to your card. No cancellation after that.');
    expect(cancellationPolicyText(0)).toBe('Tickets cannot be cancelled or refunded online once paid.');
    expect(cancellationPolicyText(120, 'short')).toBe('Free cancellation until 2 hours before the show.');
    expect(cancellationPolicyText(0, 'short')).toBe('No cancellation once paid.');
    expect(cancellationEndsAt(startsAt, 120)).toEqual(new Date('2031-05-15T17:00:00.000Z'));
    expect(cancellationEndsAt(startsAt, 0)).toBeNull();
  });

  it('states the policy as it applies if paid now (issue 53): until when, or non-refundable once the cutoff has passed', () => {
    const ifPaid = (iso: string, cutoffMinutes = 120, length: 'full' | 'short' = 'short') =>
      cancellationPolicyIfPaidNow({ startsAt, now: new Date(iso), cutoffMinutes, formatTime }, length);
    expect(ifPaid('2031-05-15T12:00:00.000Z')).toBe('Free cancellation until 17:00.');
    expect(ifPaid('2031-05-15T12:00:00.000Z', 120, 'full')).toBe('Free cancellation until 17:00, with a full refund to your card. No cancellation after that.');
    // The moment cancellationRefusal starts refusing, the policy says so before payment.
    expect(ifPaid('2031-05-15T16:59:59.999Z')).toBe('Free cancellation until 17:00.');
    expect(at('2031-05-15T17:00:00.000Z')).not.toBeNull();
    expect(ifPaid('2031-05-15T17:00:00.000Z')).toBe('Non-refundable: free cancellation ended at 17:00.');
    expect(ifPaid('2031-05-15T18:05:00.000Z')).toBe('Non-refundable: free cancellation ended at 17:00.');
    expect(ifPaid('2031-05-15T12:00:00.000Z', 0)).toBe('Non-refundable: no cancellation once paid.');
  });

  it('allows cancelling until the cutoff, then says why not', () => {
    expect(at('2031-05-15T16:59:59.999Z')).toBeNull();
    expect(at('2031-05-15T17:00:00.000Z')).toBe('Free cancellation ended at 17:00, 2 hours before the show, so this booking can no longer be cancelled.');
    expect(at('2031-05-15T19:00:00.000Z')).toBe('This show has already started, so the booking can no longer be cancelled.');
    expect(at('2031-05-15T10:00:00.000Z', 120, true)).toBe('This ticket has already been used at the door, so the booking can no longer be cancelled.');
    expect(at('2031-05-15T10:00:00.000Z', 0)).toBe('Paid bookings cannot be cancelled online. Please contact the cinema.');
  });
});
