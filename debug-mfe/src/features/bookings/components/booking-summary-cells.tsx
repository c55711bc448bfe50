import type { DebugBooking } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';

/** The columns every support table starts with: which booking, whose, for what, how much. */
export function BookingSummaryHeaders() {
  return (
    <>
      <th scope="col">Booking</th>
      <th scope="col">Customer</th>
      <th scope="col">Movie</th>
      <th scope="col">Amount</th>
    </>
  );
}

export function BookingSummaryCells({ booking }: { booking: DebugBooking }) {
  return (
    <>
      <td>
        <code title={booking.id}>{booking.id.slice(0, 8)}</code>
      </td>
      <td>{booking.userName}</td>
      <td>{booking.movieTitle}</td>
      <td>{formatPrice(booking.amount)}</td>
    </>
  );
}
