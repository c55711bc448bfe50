import { Link } from 'react-router-dom';
import { buttonClass, MovieCard } from 'shared-ui';
import type { CatalogMovieSummary } from 'booking-service/contract';

/** Movies from the movie database as cards, each leading to /tmdb-movie/{id}. */
export function CatalogMovieGrid({ movies, actionLabel = 'View Details' }: { movies: CatalogMovieSummary[]; actionLabel?: string }) {
  return (
    <div className="ui-grid c-cards">
      {movies.map((movie) => (
        <MovieCard
          key={movie.id}
          movie={movie}
          to={`/tmdb-movie/${movie.id}`}
          action={
            <Link className={buttonClass('secondary')} to={`/tmdb-movie/${movie.id}`} aria-label={`${actionLabel}: ${movie.title}`}>
              {actionLabel}
            </Link>
          }
        />
      ))}
    </div>
  );
}
