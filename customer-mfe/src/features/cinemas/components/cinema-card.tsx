import { Link } from 'react-router-dom';
import type { Cinema } from 'booking-service/contract';
import { Poster } from 'shared-ui';
import { THEATER_CARD_POSTERS } from '../../../lib/constants';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useCinema } from '../api/get-cinemas';
import { CinemaPhone, FacilityChips } from './cinema-facts';

/**
 * A cinema of the chain (spec §3's theatre card): name, address (a map link), screens and their formats, phone,
 * facilities, three posters of what is showing there (read when the card nears the screen), and the way to its
 * show times.
 */
export function CinemaCard({ cinema }: { cinema: Cinema }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const detail = useCinema(cinema._id, near);
  const movies = (detail.data?.shows ?? []).map((show) => show.movie).slice(0, THEATER_CARD_POSTERS);
  const formats = [...new Set(cinema.screens.map((screen) => screen.format))];
  const nameId = `${cinema._id}-name`;
  return (
    <article ref={ref} className="c-theater" aria-labelledby={nameId}>
      <header className="c-theater__head">
        <div>
          <h3 id={nameId} className="c-theater__name">
            {cinema.name}
          </h3>
          <p className="c-muted">
            <a href={cinema.mapUrl} target="_blank" rel="noopener noreferrer">
              {cinema.address}, {cinema.city}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          </p>
        </div>
      </header>
      <dl className="c-theater__facts">
        <div>
          <dt>Screens</dt>
          <dd>{cinema.screens.length}</dd>
        </div>
        <div>
          <dt>Formats</dt>
          <dd>{formats.join(', ')}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <CinemaPhone phone={cinema.phone} />
          </dd>
        </div>
      </dl>
      <FacilityChips facilities={cinema.facilities} />
      {movies.length > 0 && (
        <ul className="c-theater__posters" aria-label="Showing here">
          {movies.map((movie) => (
            <li key={movie._id}>
              <Link to={`/movies/${movie._id}`} aria-label={movie.title}>
                <Poster path={movie.poster_path} title={movie.title} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className="c-theater__times" to={`/theaters/${cinema._id}`}>
        Show times at {cinema.name}
      </Link>
    </article>
  );
}
