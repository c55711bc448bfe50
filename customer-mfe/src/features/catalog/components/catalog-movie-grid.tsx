import { Link } from 'react-router-dom';
import { buttonClass, MovieCard } from 'shared-ui';
import type { CatalogMovieSummary } from 'booking-service/contract';
import { useShows } from '../../shows/api/get-shows';

/**
 * Movies from the movie database as cards. A movie showing here leads to Buy Tickets (its page with
 * the show times); any other to /tmdb-movie/{id}, its details.
 */
export function CatalogMovieGrid({ movies, actionLabel = 'View Details' }: { movies: CatalogMovieSummary[]; actionLabel?: string }) {
  const showing = new Set(useShows().data?.shows.map((m) => m._id));
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
