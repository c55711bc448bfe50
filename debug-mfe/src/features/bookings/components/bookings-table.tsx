import type { DebugBooking } from 'booking-service/contract';
import { BookingSummaryCells, BookingSummaryHeaders } from './booking-summary-cells';
import { bookingStatusLabel, Button, notify } from 'shared-ui';
import { useBookingAction } from '../api/debug-bookings';

/** Spec §8: the support desk's toasts. */
export const MESSAGES = {
  markPaid: { success: 'Booking marked as paid and email sent!', failure: 'Failed to mark as paid' },
  testEmail: { success: 'Test email sent successfully!', failure: 'Failed to send test email' },
} as const;

function Actions({ booking }: { booking: DebugBooking }) {
  const markPaid = useBookingAction('markPaid');
  const testEmail = useBookingAction('testEmail');
  const fixPayment = useBookingAction('fixPayment');
  const label = `booking ${booking.id.slice(0, 8)}`;
  return (
    <div className="debug__actions">
      {/* Only a held booking can be marked paid: a cancelled one's seats are released (the service refuses). */}
      {!booking.isPaid && booking.status === 'held' && (
        <Button
          variant="secondary"
          aria-label={`Mark as Paid: ${label}`}
          disabled={markPaid.isPending}
          onClick={() => markPaid.mutate(booking.id, { onSuccess: () => notify.success(MESSAGES.markPaid.success), onError: () => notify.error(MESSAGES.markPaid.failure) })}
        >
          Mark as Paid
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
      {!booking.isPaid && booking.hasPaymentLink && (
        <Button
          variant="secondary"
          aria-label={`Fix Payment: ${label}`}
          disabled={fixPayment.isPending}
          onClick={() =>
            fixPayment.mutate(booking.id, {
              onSuccess: (result) => notify.success(result.message),
              onError: (error) => notify.error(error instanceof Error ? error.message : 'Failed to fix payment'),
            })
          }
        >
          Fix Payment
        </Button>
      )}
    </div>
  );
}

export function BookingsTable({ bookings, caption }: { bookings: DebugBooking[]; caption: string }) {
  return (
    <div className="debug__table-wrap">
      <table className="debug-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <BookingSummaryHeaders />
            <th scope="col">Seats</th>
            <th scope="col">Created</th>
            <th scope="col">Payment link</th>
            <th scope="col">Paid</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((b) => (
            <tr key={b.id}>
              <BookingSummaryCells booking={b} />
              <td>{b.seats.join(', ')}</td>
              <td>{new Date(b.createdAt).toLocaleString()}</td>
              <td>{b.hasPaymentLink ? 'Yes' : 'No'}</td>
              <td>{bookingStatusLabel(b)}</td>
              <td>
                <Actions booking={b} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
