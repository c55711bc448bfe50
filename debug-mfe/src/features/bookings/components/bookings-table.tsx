import { Fragment, useState } from 'react';
import type { DebugBooking } from 'booking-service/contract';
import { Button, formatPrice, formatShowTime, notify } from 'shared-ui';
import { bookingStatusWords } from 'shared-ui/booking-status-words';
import { amountOf, ConfirmActionDialog, notifyOutcome } from 'shared-ui/staff';
import { useFixPayment, useMarkPaid, useTestEmail } from '../api/debug-bookings';
import { fixPaymentOutcome, markPaidOutcome } from '../lib/outcomes';
import { BookingHistory } from './booking-history';

/** Spec §8: the support desk's toasts. */
export const MESSAGES = {
  markPaid: { success: 'Booking marked as paid and email sent!', failure: 'Failed to mark as paid' },
  testEmail: { success: 'Test email sent successfully!', failure: 'Failed to send test email' },
} as const;

type Confirming = 'markPaid' | 'fixPayment' | null;

/** Which booking a confirmation is about: ticket code, customer, show, seats, amount. */
function bookingFacts(booking: DebugBooking, timeZone: string | undefined) {
  return [
    ['Ticket code', <code key="code">{booking.ticketCode}</code>],
    ['Customer', booking.userEmail || booking.userName],
    // On the show's cinema's clock (issue 52 part 3); the theatre's from an older service.
    ['Show', `${booking.movieTitle} · ${formatShowTime(booking.showDateTime, booking.showTimeZone ?? timeZone)}`],
    ['Seats', booking.seats.join(', ')],
    ['Amount', formatPrice(booking.amount)],
  ] as const;
}

function Actions({ booking, timeZone, historyShown, onToggleHistory }: { booking: DebugBooking; timeZone: string | undefined; historyShown: boolean; onToggleHistory: () => void }) {
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
      <Button variant="ghost" aria-expanded={historyShown} aria-controls={historyId(booking)} aria-label={`History: ${label}`} onClick={onToggleHistory}>
        History
      </Button>
      {confirming === 'markPaid' && (
        <ConfirmActionDialog
          title="Mark this booking as paid?"
          consequence="Only when the money has arrived another way: the customer gets the e-ticket by email. This is recorded under your name."
          confirmLabel="Mark as Paid"
          facts={bookingFacts(booking, timeZone)}
          busy={markPaid.isPending}
          onConfirm={confirmMarkPaid}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'fixPayment' && (
        <ConfirmActionDialog
          title="Check this booking's payment with the provider?"
          consequence="The provider's answer is applied: a payment found marks it paid (with the e-ticket), a late one may be refunded, an expired session cancels it. This is recorded under your name."
          confirmLabel="Fix Payment"
          facts={bookingFacts(booking, timeZone)}
          busy={fixPayment.isPending}
          onConfirm={confirmFixPayment}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

/** The booking's state in the words of every list, and for a cancelled paid one what was paid, when cancelled, and the refund. */
function StatusCell({ booking, timeZone }: { booking: DebugBooking; timeZone: string | undefined }) {
  const status = bookingStatusWords(booking, { timeZone });
  return (
    <div className="debug__stack debug__status">
      <span>{status.label}</span>
      {booking.refundStatus && status.detail && <span className="debug__muted">{status.detail}</span>}
    </div>
  );
}

const historyId = (booking: DebugBooking) => `history-${booking.id}`;

/** The booking's history on a row of its own under the booking's, the table's whole width: long entries wrap instead of widening it. */
function HistoryRow({ booking, timeZone }: { booking: DebugBooking; timeZone: string | undefined }) {
  return (
    <tr className="debug__history-row">
      <td colSpan={8} data-label="">
        <div id={historyId(booking)} className="debug__history-panel" role="region" aria-label={`History of booking ${booking.ticketCode}`}>
          <BookingHistory bookingId={booking.id} timeZone={booking.showTimeZone ?? timeZone} />
        </div>
      </td>
    </tr>
  );
}

/** Bookings as support reads them: a table on a laptop, one card per booking on a phone (staff-table). */
export function BookingsTable({ bookings, caption, timeZone }: { bookings: DebugBooking[]; caption: string; timeZone: string | undefined }) {
  const [historyOpen, setHistoryOpen] = useState<ReadonlySet<string>>(new Set());
  const toggleHistory = (id: string) =>
    setHistoryOpen((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <table className="staff-table debug__bookings">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Ticket code</th>
          <th scope="col">Customer</th>
          <th scope="col">Show</th>
          <th scope="col">Seats</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Booked</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <Fragment key={b.id}>
          <tr>
            <th scope="row" data-label="Ticket code">
              <code title={`Booking id ${b.id}`}>{b.ticketCode}</code>
            </th>
            {/* Name over email in one column: a long email wraps instead of widening the table past the screen. */}
            <td data-label="Customer">
              <div className="debug__stack debug__customer">
                <span>{b.userName}</span>
                <span className="debug__muted">{b.userEmail || 'no email'}</span>
              </div>
            </td>
            <td data-label="Show">
              <div className="debug__stack">
                <span>{b.movieTitle}</span>
                <span className="debug__muted">{formatShowTime(b.showDateTime, b.showTimeZone ?? timeZone)}</span>
              </div>
            </td>
            <td data-label="Seats">{b.seats.join(', ')}</td>
            <td data-label="Amount">{amountOf(b)}</td>
            <td data-label="Status">
              <StatusCell booking={b} timeZone={b.showTimeZone ?? timeZone} />
            </td>
            <td data-label="Booked">{formatShowTime(b.createdAt, b.showTimeZone ?? timeZone)}</td>
            <td data-label="">
              <Actions booking={b} timeZone={timeZone} historyShown={historyOpen.has(b.id)} onToggleHistory={() => toggleHistory(b.id)} />
            </td>
          </tr>
          {historyOpen.has(b.id) && <HistoryRow booking={b} timeZone={timeZone} />}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
