import type { CinemaTotals as CinemaTotalsRow } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';

/** The dashboard's totals per cinema (issue 42): bookings, paid bookings, seats sold and revenue of each. */
export function CinemaTotals({ rows }: { rows: readonly CinemaTotalsRow[] }) {
  return (
    <table className="staff-table">
      <caption className="sr-only">Totals by cinema</caption>
      <thead>
        <tr>
          <th scope="col">Cinema</th>
          <th scope="col">Bookings</th>
          <th scope="col">Paid</th>
          <th scope="col">Seats sold</th>
          <th scope="col">Revenue</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.cinemaId}>
            <th scope="row" data-label="Cinema">
              {row.name}
            </th>
            <td data-label="Bookings">{row.bookings}</td>
            <td data-label="Paid">{row.paidBookings}</td>
            <td data-label="Seats sold">{row.seatsSold}</td>
            <td data-label="Revenue">{formatPrice(row.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
