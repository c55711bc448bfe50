import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Movie } from 'booking-service/contract';
import { buttonClass, MovieCard } from 'shared-ui';

/** Movies as cards, each leading to its detail page, with Buy Tickets (and, when given, another control per movie). */
export function MovieGrid({ movies, extra }: { movies: Movie[]; extra?: (movie: Movie) => ReactNode }) {
  return (
    <div className="ui-grid">
      {movies.map((movie) => (
        <MovieCard
          key={movie._id}
          movie={movie}
          to={`/movies/${movie._id}`}
          action={
            <>
              <Link className={buttonClass()} to={`/movies/${movie._id}`} aria-label={`Buy tickets for ${movie.title}`}>
                Buy Tickets
              </Link>
              {extra?.(movie)}
            </>
          }
        />
      ))}
    </div>
  );
}
