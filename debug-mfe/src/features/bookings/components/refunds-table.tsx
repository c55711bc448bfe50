import type { DebugBooking } from 'booking-service/contract';
import { BookingSummaryCells, BookingSummaryHeaders } from './booking-summary-cells';
import { EmptyState } from 'shared-ui';

const STATUS = { pending: 'Refund pending', refunded: 'Refunded', failed: 'Refund failed' } as const;

/** Payments that arrived after their hold for seats sold meanwhile: kept on record and refunded, with why. */
export function RefundsTable({ bookings }: { bookings: DebugBooking[] }) {
  const flagged = bookings.filter((b) => b.refundStatus);
  if (flagged.length === 0) return <EmptyState title="No refunds" text="No payment needed refunding." />;
  return (
      <table className="staff-table">
        <caption className="sr-only">Bookings flagged for refund</caption>
        <thead>
          <tr>
            <BookingSummaryHeaders />
            <th scope="col">Refund</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {flagged.map((b) => (
            <tr key={b.id}>
              <BookingSummaryCells booking={b} />
              <td data-label="Refund">{STATUS[b.refundStatus!]}</td>
              <td data-label="Reason" className="debug__reason">{b.refundReason}</td>
            </tr>
          ))}
        </tbody>
      </table>
  );
}
