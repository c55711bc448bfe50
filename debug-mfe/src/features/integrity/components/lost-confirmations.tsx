import type { IntegrityReportResponse } from 'booking-service/contract';
import { formatShowTime } from 'shared-ui';
import { BookingLink } from './booking-link';

type LostConfirmation = NonNullable<IntegrityReportResponse['lostConfirmations']>[number];

/**
 * Payments and admissions an instance confirmed that the database no longer holds (a restored older copy, issue 55):
 * each ticket for support to settle (book the seats again or refund; a lost admission means the guest is inside).
 */
export function LostConfirmations({ lost, timeZone }: { lost: readonly LostConfirmation[]; timeZone: string | undefined }) {
  return (
    <section aria-labelledby="integrity-lost-confirmations">
      <h2 id="integrity-lost-confirmations" className="debug__section-title">
        Confirmed, then lost by the database
      </h2>
      <table className="staff-table debug__bookings">
        <caption className="sr-only">Payments and admissions the database lost</caption>
        <thead>
          <tr>
            <th scope="col">Ticket code</th>
            <th scope="col">What was confirmed</th>
            <th scope="col">Seats</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {lost.map((entry) => (
            <tr key={`${entry.seq}-${entry.kind}`}>
              <th scope="row">
                <BookingLink lookup={entry.ticketCode}>{entry.ticketCode}</BookingLink>
              </th>
              <td data-label="What was confirmed">{entry.kind === 'paid' ? 'Payment' : 'Admission at the door'}</td>
              <td data-label="Seats">{entry.seats?.join(', ') ?? '—'}</td>
              <td data-label="When">{entry.at ? formatShowTime(entry.at, timeZone) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
