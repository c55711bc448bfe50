import type { DebugBooking } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';

/** The columns every support table starts with: which booking, whose, for what, how much. */
export function BookingSummaryHeaders() {
  return (
    <>
      <th scope="col">Ticket code</th>
      <th scope="col">Customer</th>
      <th scope="col">Movie</th>
      <th scope="col">Amount</th>
    </>
  );
}

export function BookingSummaryCells({ booking }: { booking: DebugBooking }) {
  return (
    <>
      <th scope="row" data-label="Ticket code">
        <code title={`Booking id ${booking.id}`}>{booking.ticketCode}</code>
      </th>
      <td data-label="Customer">{booking.userEmail || booking.userName}</td>
      <td data-label="Movie">{booking.movieTitle}</td>
      <td data-label="Amount">{formatPrice(booking.amount)}</td>
    </>
  );
}
