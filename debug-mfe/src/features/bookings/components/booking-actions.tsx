import { useState } from 'react';
import type { DebugBooking } from 'booking-service/contract';
import { Button, formatPrice, formatShowTime, notify } from 'shared-ui';
import { ConfirmActionDialog, notifyOutcome } from 'shared-ui/staff';
import { useFixPayment, useMarkPaid, useTestEmail } from '../api/debug-bookings';
import { fixPaymentOutcome, markPaidOutcome } from '../lib/outcomes';

/** The id of the region holding a booking's history, which its History button controls. */
export const historyIdOf = (booking: DebugBooking) => `history-${booking.id}`;

/** Spec §8: the support desk's toasts. */
const MESSAGES = {
  markPaid: { success: 'Booking marked as paid and email sent!', failure: 'Failed to mark as paid' },
  testEmail: { success: 'Test email sent successfully!', failure: 'Failed to send test email' },
} as const;

type Confirming = 'markPaid' | 'fixPayment' | null;

/** What each confirmed action's dialog says before support goes ahead. */
const CONFIRMATIONS = {
  markPaid: {
    title: 'Mark this booking as paid?',
    consequence: 'Only when the money has arrived another way: the customer gets the e-ticket by email. This is recorded under your name.',
    confirmLabel: 'Mark as Paid',
  },
  fixPayment: {
    title: "Check this booking's payment with the provider?",
    consequence:
      "The provider's answer is applied: a payment found marks it paid (with the e-ticket), a late one may be refunded, an expired session cancels it. This is recorded under your name.",
    confirmLabel: 'Fix Payment',
  },
} as const;

/** Which booking a confirmation is about: ticket code, customer, show, seats, amount. */
function bookingFacts(booking: DebugBooking, timeZone: string | undefined) {
  return [
    ['Ticket code', <code key="code">{booking.ticketCode}</code>],
    ['Customer', booking.userEmail || booking.userName],
    // On the show's cinema's clock; the theatre's from an older service.
    ['Show', `${booking.movieTitle} · ${formatShowTime(booking.showDateTime, booking.showTimeZone ?? timeZone)}`],
    ['Seats', booking.seats.join(', ')],
    ['Amount', formatPrice(booking.amount)],
  ] as const;
}

/** A booking's row of support actions: mark paid, fix payment (each confirmed first), test email, its history. */
export function BookingActions({ booking, timeZone, historyShown, onToggleHistory }: { booking: DebugBooking; timeZone: string | undefined; historyShown: boolean; onToggleHistory: () => void }) {
  const markPaid = useMarkPaid();
  const testEmail = useTestEmail();
  const fixPayment = useFixPayment();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const label = `booking ${booking.ticketCode}`;
  const failed = (fallback: string) => (error: Error) => notifyOutcome('error', error.message || fallback);

  const confirmMarkPaid = () =>
    markPaid.mutate(booking.id, {
      onSuccess: (result) => notifyOutcome(markPaidOutcome(result.outcome), result.outcome === 'paid' ? MESSAGES.markPaid.success : result.message),
      onError: (error) => notifyOutcome('error', `${MESSAGES.markPaid.failure}: ${error.message}`),
      onSettled: () => setConfirming(null),
    });
  const confirmFixPayment = () =>
    fixPayment.mutate(booking.id, {
      onSuccess: (result) => notifyOutcome(fixPaymentOutcome(result.outcome), result.message),
      onError: failed('Failed to fix payment'),
      onSettled: () => setConfirming(null),
    });

  return (
    <div className="debug__actions">
      {/* Only a held booking can be marked paid: a cancelled one's seats are released (the service refuses). */}
      {!booking.isPaid && booking.status === 'held' && (
        <Button variant="secondary" aria-label={`Mark as Paid: ${label}`} disabled={markPaid.isPending} onClick={() => setConfirming('markPaid')}>
          Mark as Paid
        </Button>
      )}
      {!booking.isPaid && booking.hasPaymentLink && (
        <Button variant="secondary" aria-label={`Fix Payment: ${label}`} disabled={fixPayment.isPending} onClick={() => setConfirming('fixPayment')}>
          Fix Payment
        </Button>
      )}
      <Button
        variant="secondary"
        aria-label={`Test Email: ${label}`}
        disabled={testEmail.isPending}
        onClick={() => testEmail.mutate(booking.id, { onSuccess: () => notify.success(MESSAGES.testEmail.success), onError: () => notify.error(MESSAGES.testEmail.failure) })}
      >
        Test Email
      </Button>
      <Button variant="ghost" aria-expanded={historyShown} aria-controls={historyIdOf(booking)} aria-label={`History: ${label}`} onClick={onToggleHistory}>
        History
      </Button>
      {confirming && (
        <ConfirmActionDialog
          {...CONFIRMATIONS[confirming]}
          facts={bookingFacts(booking, timeZone)}
          busy={confirming === 'markPaid' ? markPaid.isPending : fixPayment.isPending}
          onConfirm={confirming === 'markPaid' ? confirmMarkPaid : confirmFixPayment}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
