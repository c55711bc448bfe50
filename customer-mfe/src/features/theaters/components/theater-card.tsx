import { Link } from 'react-router-dom';
import type { Movie } from 'booking-service/contract';
import { Poster } from 'shared-ui';
import type { SampleTheater } from '../data/sample-theaters';

/** A sample theatre: address, facts, facilities, sample show times and three posters of what is on. */
export function TheaterCard({ theater, movies }: { theater: SampleTheater; movies: Movie[] }) {
  return (
    <article className="c-theater" aria-labelledby={`${theater.id}-name`}>
      <header className="c-theater__head">
        <div>
          <h3 id={`${theater.id}-name`} className="c-theater__name">
            {theater.name}
          </h3>
          <p className="c-muted">{theater.address}</p>
        </div>
        <span className="c-badge" aria-label={`Rated ${theater.rating} out of 5`}>
          ★ {theater.rating.toFixed(1)}
        </span>
      </header>
      <dl className="c-theater__facts">
        <div>
          <dt>Distance</dt>
          <dd>{theater.distance}</dd>
        </div>
        <div>
          <dt>Screens</dt>
          <dd>{theater.screens}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{theater.phone}</dd>
        </div>
      </dl>
      <ul className="c-chips" aria-label="Facilities">
        {theater.facilities.map((f) => (
          <li key={f} className="c-chip">
            {f}
          </li>
        ))}
      </ul>
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
      {/* Plain text, not chips: nothing here can be booked, so nothing looks tappable. */}
      <p className="c-theater__times">
        <span className="c-muted">Sample show times:</span> {theater.showtimes.join(' · ')}
      </p>
    </article>
  );
}
