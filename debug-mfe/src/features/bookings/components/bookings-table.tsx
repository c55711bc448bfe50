import { useState } from 'react';
import type { DebugBooking } from 'booking-service/contract';
import { formatShowTime } from 'shared-ui';
import { bookingStatusWords } from 'shared-ui/booking-status-words';
import { amountOf, StaffTable, type StaffColumn } from 'shared-ui/staff';
import { BookingActions, historyIdOf } from './booking-actions';
import { BookingHistory } from './booking-history';
import { TICKET_CODE_COLUMN } from './booking-summary-columns';

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


/** The booking's history on a row of its own under the booking's, the table's whole width: long entries wrap instead of widening it. */
function HistoryRow({ booking, timeZone }: { booking: DebugBooking; timeZone: string | undefined }) {
  return (
    <tr className="debug__history-row">
      <td colSpan={8} data-label="">
        <div id={historyIdOf(booking)} className="debug__history-panel" role="region" aria-label={`History of booking ${booking.ticketCode}`}>
          <BookingHistory bookingId={booking.id} timeZone={booking.showTimeZone ?? timeZone} />
        </div>
      </td>
    </tr>
  );
}

/** Support's columns: the booking, its customer and show, seats, amount, state, when booked, and its actions. */
function bookingColumns(timeZone: string | undefined, history: { isOpen: (id: string) => boolean; toggle: (id: string) => void }): StaffColumn<DebugBooking>[] {
  // Each booking's times on its show's cinema's clock; the theatre's from an older service.
  const zoneOf = (b: DebugBooking) => b.showTimeZone ?? timeZone;
  return [
    TICKET_CODE_COLUMN,
    {
      heading: 'Customer',
      // Name over email in one column: a long email wraps instead of widening the table past the screen.
      cell: (b) => (
        <div className="debug__stack debug__customer">
          <span>{b.userName}</span>
          <span className="debug__muted">{b.userEmail || 'no email'}</span>
        </div>
      ),
    },
    {
      heading: 'Show',
      cell: (b) => (
        <div className="debug__stack">
          <span>{b.movieTitle}</span>
          <span className="debug__muted">{formatShowTime(b.showDateTime, zoneOf(b))}</span>
        </div>
      ),
    },
    { heading: 'Seats', cell: (b) => b.seats.join(', ') },
    { heading: 'Amount', cell: (b) => amountOf(b) },
    { heading: 'Status', cell: (b) => <StatusCell booking={b} timeZone={zoneOf(b)} /> },
    { heading: 'Booked', cell: (b) => formatShowTime(b.createdAt, zoneOf(b)) },
    {
      heading: 'Actions',
      cardLabel: '',
      cell: (b) => <BookingActions booking={b} timeZone={timeZone} historyShown={history.isOpen(b.id)} onToggleHistory={() => history.toggle(b.id)} />,
    },
  ];
}

/** Bookings as support reads them: a table on a laptop, one card per booking on a phone (staff-table). */
export function BookingsTable({ bookings, caption, timeZone }: { bookings: DebugBooking[]; caption: string; timeZone: string | undefined }) {
  const [historyOpen, setHistoryOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setHistoryOpen((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = bookingColumns(timeZone, { isOpen: (id) => historyOpen.has(id), toggle });
  return (
    <StaffTable
      caption={caption}
      className="debug__bookings"
      columns={columns}
      rows={bookings}
      rowKey={(b) => b.id}
      afterRow={(b) => historyOpen.has(b.id) && <HistoryRow booking={b} timeZone={timeZone} />}
    />
  );
}
