import type { CinemaTotals as CinemaTotalsRow } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';

const COLUMNS: StaffColumn<CinemaTotalsRow>[] = [
  { heading: 'Cinema', rowHeader: true, cell: (row) => row.name },
  { heading: 'Bookings', cell: (row) => row.bookings },
  { heading: 'Paid', cell: (row) => row.paidBookings },
  { heading: 'Seats sold', cell: (row) => row.seatsSold },
  { heading: 'Revenue', cell: (row) => formatPrice(row.revenue) },
];

/** The dashboard's totals per cinema: bookings, paid bookings, seats sold and revenue of each. */
export function CinemaTotals({ rows }: { rows: readonly CinemaTotalsRow[] }) {
  return <StaffTable caption="Totals by cinema" columns={COLUMNS} rows={rows} rowKey={(row) => row.cinemaId} />;
}
