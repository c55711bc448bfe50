import type { LostBooking } from './types';
import { formatShowTime } from 'shared-ui';
import { BookingLink } from './booking-link';

/** Paid bookings support settles (refund, or book the seats again): ticket code, show, seats, paid time. */
export function PaidBookingsTable({ caption, bookings, timeZone }: { caption: string; bookings: LostBooking[]; timeZone: string | undefined }) {
  return (
    <table className="staff-table debug__bookings">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Ticket code</th>
          <th scope="col">Show</th>
          <th scope="col">Seats</th>
          <th scope="col">Paid</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((booking) => (
          <tr key={booking.id}>
            <th scope="row">
              <BookingLink lookup={booking.ticketCode}>{booking.ticketCode}</BookingLink>
            </th>
            <td data-label="Show">
              <code>{booking.showId}</code>
            </td>
            <td data-label="Seats">{booking.seats.join(', ')}</td>
            <td data-label="Paid">{formatShowTime(booking.paidAt, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
