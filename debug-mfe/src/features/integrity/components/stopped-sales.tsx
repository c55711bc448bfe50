import type { IntegrityReportResponse } from 'booking-service/contract';
import { BookingLink } from './booking-link';

type Report = IntegrityReportResponse;

/** Each show whose sales are stopped: the seats sold twice and the bookings that hold them. */
export function StoppedSales({ doubleSold }: { doubleSold: Report['doubleSold'] }) {
  return (
    <section aria-labelledby="integrity-stopped">
      <h2 id="integrity-stopped" className="debug__section-title">
        Sales stopped: seats sold twice
      </h2>
      <ul className="debug__findings">
        {doubleSold.map((sale) => (
          <li key={sale.showId} className="debug__finding">
            <dl className="debug__facts">
              <dt>Show</dt>
              <dd>
                <code>{sale.showId}</code>
              </dd>
              <dt>Seats</dt>
              <dd>{sale.seats.join(', ')}</dd>
              <dt>Bookings</dt>
              <dd>
                <ul className="debug__inline-list">
                  {sale.bookingIds.map((id) => (
                    <li key={id}>
                      <BookingLink lookup={id}>{id}</BookingLink>
                    </li>
                  ))}
                </ul>
              </dd>
            </dl>
            <p className="debug__muted">{sale.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
