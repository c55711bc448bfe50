import type { AdminBooking } from 'booking-service/contract';
import { bookingStatusLabel, formatShowTime } from 'shared-ui';
import { amountOf, StaffTable, type StaffColumn } from 'shared-ui/staff';
import { placeOf } from '../../../lib/cinema-filters';

/** A row's ticket: its code once paid, marked when a cancellation left it not valid; none for a booking never paid. */
function TicketCode({ booking }: { booking: AdminBooking }) {
  if (!booking.ticketCode) return <span className="admin__muted">None (never paid)</span>;
  if (booking.isPaid) return <>{booking.ticketCode}</>;
  return (
    <>
      {booking.ticketCode} <span className="admin__muted">{booking.refundStatus === 'refunded' ? 'refunded' : 'cancelled'}, not valid</span>
    </>
  );
}

function bookingColumns(withPlace: boolean, timeZone: string | undefined): (StaffColumn<AdminBooking> | false)[] {
  return [
    { heading: 'User Name', rowHeader: true, cell: (booking) => booking.user.name },
    { heading: 'Ticket code', className: 'admin__code', cell: (booking) => <TicketCode booking={booking} /> },
    { heading: 'Movie Name', cell: (booking) => booking.show.movie.title },
    { heading: 'Show Time', cell: (booking) => formatShowTime(booking.show.showDateTime, booking.show.cinema?.timeZone ?? timeZone) },
    withPlace && { heading: 'Cinema', cell: (booking) => placeOf(booking.show) },
    { heading: 'Seats', cell: (booking) => booking.bookedSeats.join(', ') },
    { heading: 'Amount', cell: (booking) => amountOf(booking) },
    { heading: 'Status', cell: (booking) => bookingStatusLabel(booking) },
  ];
}

/** List Bookings' table: each row names its customer, ticket code, show, cinema and screen, amount and state. */
export function BookingsTable({ bookings, withPlace, timeZone }: { bookings: readonly AdminBooking[]; withPlace: boolean; timeZone: string | undefined }) {
  return <StaffTable caption="Bookings" columns={bookingColumns(withPlace, timeZone)} rows={bookings} rowKey={(booking) => booking._id} />;
}
