import type { DebugBooking } from 'booking-service/contract';
import { EmptyState, formatPrice } from 'shared-ui';

const STATUS = { pending: 'Refund pending', refunded: 'Refunded', failed: 'Refund failed' } as const;

/** Payments that arrived after their hold for seats sold meanwhile: kept on record and refunded, with why. */
export function RefundsTable({ bookings }: { bookings: DebugBooking[] }) {
  const flagged = bookings.filter((b) => b.refundStatus);
  if (flagged.length === 0) return <EmptyState title="No refunds" text="No payment needed refunding." />;
  return (
    <div className="debug__table-wrap">
      <table className="debug-table">
        <caption className="sr-only">Bookings flagged for refund</caption>
        <thead>
          <tr>
            <th scope="col">Booking</th>
            <th scope="col">Customer</th>
            <th scope="col">Movie</th>
            <th scope="col">Amount</th>
            <th scope="col">Refund</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {flagged.map((b) => (
            <tr key={b.id}>
              <td>
                <code title={b.id}>{b.id.slice(0, 8)}</code>
              </td>
              <td>{b.userName}</td>
              <td>{b.movieTitle}</td>
              <td>{formatPrice(b.amount)}</td>
              <td>{STATUS[b.refundStatus!]}</td>
              <td className="debug__reason">{b.refundReason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
