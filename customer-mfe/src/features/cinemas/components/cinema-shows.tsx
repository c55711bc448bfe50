import { Link } from 'react-router-dom';
import type { CinemaDetailResponse } from 'booking-service/contract';
import { formatDay, formatTime, Poster } from 'shared-ui';
import { calendarDateIn } from 'shared-ui/calendar-date';
import { chooseCity } from '../../../lib/chosen-city';
import { formatNote } from '../../../lib/places';

type Detail = CinemaDetailResponse;

/**
 * A cinema's upcoming shows, by movie then date, each time on the cinema's clock with its screen, a link to that
 * show's seat page (which then lists this cinema's city: following the link chooses it).
 */
export function CinemaShows({ cinema, shows }: Pick<Detail, 'cinema' | 'shows'>) {
  if (shows.length === 0) return <p className="c-muted">No upcoming shows here yet.</p>;
  return (
    <ul className="c-cinema-shows" aria-label={`Showing at ${cinema.name}`}>
      {shows.map(({ movie, times }) => (
        <li key={movie._id} className="c-cinema-show">
          <Poster path={movie.poster_path} title={movie.title} className="c-cinema-show__poster" />
          <div className="c-cinema-show__body">
            <h3 className="c-cinema-show__title">
              <Link to={`/movies/${movie._id}`}>{movie.title}</Link>
            </h3>
            {byDate(times, cinema.timeZone).map(([date, ofDate]) => (
              <div key={date} className="c-cinema-show__day">
                <p className="c-cinema-show__date">{formatDay(date)}</p>
                <ul className="c-chips" aria-label={`${movie.title}, ${formatDay(date)}`}>
                  {ofDate.map((time) => (
                    <li key={time.showId}>
                      <Link className="c-chip c-chip--link" to={`/movies/${movie._id}/${date}?show=${time.showId}`} onClick={() => chooseCity(cinema.city)}>
                        {/* One flex item: the spaces around the dot stay. */}
                        <span>
                          <time dateTime={time.showDateTime}>{formatTime(time.showDateTime, cinema.timeZone)}</time> · {time.screenName}
                          {formatNote(time.format)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Times by their date on the cinema's clock, in order. */
function byDate(times: Detail['shows'][number]['times'], timeZone: string): [string, Detail['shows'][number]['times']][] {
  const days = new Map<string, Detail['shows'][number]['times']>();
  for (const time of times) {
    const date = calendarDateIn(time.showDateTime, timeZone);
    days.set(date, [...(days.get(date) ?? []), time]);
  }
  return [...days.entries()];
}
