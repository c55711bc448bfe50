import type { DebugBooking } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';
import type { StaffColumn } from 'shared-ui/staff';

/** Which booking a row is: its ticket code, its id on hover. */
export const TICKET_CODE_COLUMN: StaffColumn<DebugBooking> = {
  heading: 'Ticket code',
  rowHeader: true,
  cell: (booking) => <code title={`Booking id ${booking.id}`}>{booking.ticketCode}</code>,
};

/** The columns every support table starts with: which booking, whose, for what, how much. */
export const BOOKING_SUMMARY_COLUMNS: readonly StaffColumn<DebugBooking>[] = [
  TICKET_CODE_COLUMN,
  { heading: 'Customer', cell: (booking) => booking.userEmail || booking.userName },
  { heading: 'Movie', cell: (booking) => booking.movieTitle },
  { heading: 'Amount', cell: (booking) => formatPrice(booking.amount) },
];
