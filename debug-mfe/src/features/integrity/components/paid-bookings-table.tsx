import { formatShowTime } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';
import type { LostBooking } from './types';
import { BookingLink } from './booking-link';

const paidBookingColumns = (timeZone: string | undefined): StaffColumn<LostBooking>[] => [
  { heading: 'Ticket code', rowHeader: true, cell: (booking) => <BookingLink lookup={booking.ticketCode}>{booking.ticketCode}</BookingLink> },
  { heading: 'Show', cell: (booking) => <code>{booking.showId}</code> },
  { heading: 'Seats', cell: (booking) => booking.seats.join(', ') },
  { heading: 'Paid', cell: (booking) => formatShowTime(booking.paidAt, timeZone) },
];

/** Paid bookings support settles (refund, or book the seats again): ticket code, show, seats, paid time. */
export function PaidBookingsTable({ caption, bookings, timeZone }: { caption: string; bookings: LostBooking[]; timeZone: string | undefined }) {
  return <StaffTable caption={caption} className="debug__bookings" columns={paidBookingColumns(timeZone)} rows={bookings} rowKey={(booking) => booking.id} />;
}
