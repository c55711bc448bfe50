import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass, formatDay } from 'shared-ui';
import { ShowtimeList } from './showtime-list';

/** The seat page's show picker: the date's show times (each with its price and sales hours), and Change date. */
export function ShowPicker({ movieId, date, ...list }: ComponentProps<typeof ShowtimeList> & { movieId: string; date: string }) {
  return (
    <aside className="c-times-panel" aria-labelledby="times-title">
      <h2 id="times-title" className="c-times-panel__title">
        Available Timings
      </h2>
      <p className="c-muted">{formatDay(date)}</p>
      {list.times.length === 0 ? <p className="c-muted">No shows on this date.</p> : <ShowtimeList {...list} />}
      <Link className={buttonClass('ghost')} to={`/movies/${movieId}`}>
        Change date
      </Link>
    </aside>
  );
}
