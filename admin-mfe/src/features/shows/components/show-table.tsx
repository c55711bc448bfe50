import type { AdminShowRow } from 'booking-service/contract';
import { formatPrice, formatShowTime } from 'shared-ui';
import { placeOf } from '../../../lib/cinema-filters';
import { ShowRowActions } from './show-row-actions';

/**
 * List Shows' table (issue 52, part 5): dense, one line a cell where it fits (a row at most 56 px at 1366 wide), so
 * a laptop screen holds a dozen shows; on a phone each row is a card (staff-table).
 */
export function ShowTable({ shows, withPlace, timeZone }: { shows: readonly AdminShowRow[]; withPlace: boolean; timeZone: string | undefined }) {
  return (
    <table className="staff-table admin__dense">
      <caption className="sr-only">Shows</caption>
      <thead>
        <tr>
          <th scope="col">Movie</th>
          <th scope="col">Show time</th>
          {withPlace && <th scope="col">Cinema · screen</th>}
          <th scope="col">Sold / seats</th>
          <th scope="col">Price</th>
          <th scope="col">Revenue</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {shows.map((show) => (
          <tr key={show._id} className={show.cancelled ? 'admin__row--cancelled' : undefined}>
            <th scope="row" data-label="Movie">
              {show.movie.title}
            </th>
            <td data-label="Show time">
              {formatShowTime(show.showDateTime, show.cinema?.timeZone ?? timeZone)}
              {show.cancelled && (
                <>
                  {' '}
                  <span className="admin__state">Cancelled</span>
                </>
              )}
            </td>
            {withPlace && <td data-label="Cinema · screen">{placeOf(show)}</td>}
            <td data-label="Sold / seats">
              {show.soldSeats} / {show.totalSeats}
              {show.heldSeats > 0 && <span className="admin__muted"> ({show.heldSeats} held)</span>}
            </td>
            <td data-label="Price">{formatPrice(show.showPrice)}</td>
            <td data-label="Revenue">{formatPrice(show.revenue)}</td>
            <td data-label="Actions">
              <ShowRowActions show={show} timeZone={show.cinema?.timeZone ?? timeZone} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
