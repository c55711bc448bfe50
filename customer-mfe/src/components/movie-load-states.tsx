import { Link } from 'react-router-dom';
import { buttonClass, ErrorState } from 'shared-ui';
import { isNotFound } from '../lib/api-error';
import { MESSAGES } from '../lib/constants';

/** 'Movie not found' with Back to Movies (spec §2), for the movie detail, seat and TMDB pages. */
export function MovieNotFound() {
  return (
    <div className="ui-page">
      <div className="ui-state">
        <h1 className="ui-state__title">{MESSAGES.movieNotFound}</h1>
        <p className="ui-state__text">It may have left theaters, or the link is wrong.</p>
        <Link className={buttonClass()} to="/movies">
          Back to Movies
        </Link>
      </div>
    </div>
  );
}

/** A seat page link whose date is not a date ("/movies/1027/not-a-date"). */
export function DateNotFound({ movieId }: { movieId: string }) {
  return (
    <div className="ui-page">
      <div className="ui-state">
        <h1 className="ui-state__title">No shows on this date</h1>
        <p className="ui-state__text">The link has no valid date. Pick a date on the movie's page.</p>
        <Link className={buttonClass()} to={`/movies/${movieId}`}>
          Choose a date
        </Link>
      </div>
    </div>
  );
}

/** A movie that could not be loaded: not found, or an error with Retry. */
export function MovieLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isNotFound(error)) return <MovieNotFound />;
  return (
    <div className="ui-page">
      <ErrorState message={error.message} onRetry={onRetry} />
    </div>
  );
}
