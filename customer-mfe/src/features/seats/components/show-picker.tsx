import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass, formatDay } from 'shared-ui';
import { ShowtimeList } from './showtime-list';

/**
 * The seat page's show picker: the date's show times by cinema (each with its price and sales hours), the city
 * control above them (`cityControl`, when the service names cinemas), and Change date.
 */
export function ShowPicker({
  movieId,
  date,
  cityControl,
  ...list
}: ComponentProps<typeof ShowtimeList> & { movieId: string; date: string; cityControl?: React.ReactNode }) {
  return (
    <aside className="c-times-panel" aria-labelledby="times-title">
      <h2 id="times-title" className="c-times-panel__title">
        Available Timings
      </h2>
      <p className="c-muted">{formatDay(date)}</p>
      {cityControl}
      {list.groups.length === 0 ? <p className="c-muted">No shows on this date.</p> : <ShowtimeList {...list} />}
      <Link className={buttonClass('ghost')} to={`/movies/${movieId}`}>
        Change date
      </Link>
    </aside>
  );
}
