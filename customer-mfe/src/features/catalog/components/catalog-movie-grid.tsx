import { Link } from 'react-router-dom';
import { buttonClass, MovieCard } from 'shared-ui';
import type { CatalogMovieSummary } from 'booking-service/contract';

/**
 * Movies from the movie database as cards. A movie showing here (`showing`: the ids of the movies
 * with shows) leads to Buy Tickets (its page with the show times); any other to /tmdb-movie/{id}.
 */
export function CatalogMovieGrid({
  movies,
  showing,
  actionLabel = 'View Details',
}: {
  movies: CatalogMovieSummary[];
  showing: ReadonlySet<string>;
  actionLabel?: string;
}) {
  return (
    <div className="ui-grid c-cards">
      {movies.map((movie) => {
        const here = showing.has(String(movie.id));
        const to = here ? `/movies/${movie.id}` : `/tmdb-movie/${movie.id}`;
        return (
          <MovieCard
            key={movie.id}
            movie={movie}
            to={to}
            action={
              here ? (
                <Link className={buttonClass()} to={to} aria-label={`Buy tickets for ${movie.title}`}>
                  Buy Tickets
                </Link>
              ) : (
                <Link className={buttonClass('secondary')} to={to} aria-label={`${actionLabel}: ${movie.title}`}>
                  {actionLabel}
                </Link>
              )
            }
          />
        );
      })}
    </div>
  );
}
