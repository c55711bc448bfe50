import type { AdminShowRow } from 'booking-service/contract';
import { formatPrice, formatShowTime } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';
import { placeOf } from '../../../lib/cinema-filters';
import { ShowRowActions } from './show-row-actions';

/** A show's time on its cinema's clock (the theatre's from an older service). */
const showTimeZone = (show: AdminShowRow, timeZone: string | undefined) => show.cinema?.timeZone ?? timeZone;

function showColumns(withPlace: boolean, timeZone: string | undefined): (StaffColumn<AdminShowRow> | false)[] {
  return [
    { heading: 'Movie', rowHeader: true, cell: (show) => show.movie.title },
    {
      heading: 'Show time',
      cell: (show) => (
        <>
          {formatShowTime(show.showDateTime, showTimeZone(show, timeZone))}
          {show.cancelled && (
            <>
              {' '}
              <span className="admin__state">Cancelled</span>
            </>
          )}
        </>
      ),
    },
    withPlace && { heading: 'Cinema · screen', cell: (show) => placeOf(show) },
    {
      heading: 'Sold / seats',
      cell: (show) => (
        <>
          {show.soldSeats} / {show.totalSeats}
          {show.heldSeats > 0 && <span className="admin__muted"> ({show.heldSeats} held)</span>}
        </>
      ),
    },
    { heading: 'Price', cell: (show) => formatPrice(show.showPrice) },
    { heading: 'Revenue', cell: (show) => formatPrice(show.revenue) },
    { heading: 'Actions', cell: (show) => <ShowRowActions show={show} timeZone={showTimeZone(show, timeZone)} /> },
  ];
}

/**
 * List Shows' table: dense, one line a cell where it fits (a row at most 56 px at 1366 wide), so
 * a laptop screen holds a dozen shows; on a phone each row is a card (staff-table).
 */
export function ShowTable({ shows, withPlace, timeZone }: { shows: readonly AdminShowRow[]; withPlace: boolean; timeZone: string | undefined }) {
  return (
    <StaffTable
      caption="Shows"
      className="admin__dense"
      columns={showColumns(withPlace, timeZone)}
      rows={shows}
      rowKey={(show) => show._id}
      rowClassName={(show) => (show.cancelled ? 'admin__row--cancelled' : undefined)}
    />
  );
}
