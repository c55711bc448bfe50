import type { IntegrityReportResponse } from 'booking-service/contract';
import { formatShowTime } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';
import { BookingLink } from './booking-link';

type LostConfirmation = NonNullable<IntegrityReportResponse['lostConfirmations']>[number];

const lostConfirmationColumns = (timeZone: string | undefined): StaffColumn<LostConfirmation>[] => [
  { heading: 'Ticket code', rowHeader: true, cell: (entry) => <BookingLink lookup={entry.ticketCode}>{entry.ticketCode}</BookingLink> },
  { heading: 'What was confirmed', cell: (entry) => (entry.kind === 'paid' ? 'Payment' : 'Admission at the door') },
  { heading: 'Seats', cell: (entry) => entry.seats?.join(', ') ?? '—' },
  { heading: 'When', cell: (entry) => (entry.at ? formatShowTime(entry.at, timeZone) : '—') },
];

/**
 * Payments and admissions an instance confirmed that the database no longer holds (a restored older copy):
 * each ticket for support to settle (book the seats again or refund; a lost admission means the guest is inside).
 */
export function LostConfirmations({ lost, timeZone }: { lost: readonly LostConfirmation[]; timeZone: string | undefined }) {
  return (
    <section aria-labelledby="integrity-lost-confirmations">
      <h2 id="integrity-lost-confirmations" className="debug__section-title">
        Confirmed, then lost by the database
      </h2>
      <StaffTable
        caption="Payments and admissions the database lost"
        className="debug__bookings"
        columns={lostConfirmationColumns(timeZone)}
        rows={lost}
        rowKey={(entry) => `${entry.seq}-${entry.kind}`}
      />
    </section>
  );
}
