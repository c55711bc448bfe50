import type { ReactNode } from 'react';
import type { ShowDetailResponse } from 'booking-service/contract';
import { formatRuntime, hasRating, Poster, releaseYear } from 'shared-ui';

/** The movie page's head: poster, language, title, rating, tagline, overview and runtime · genres · year, with `actions` last. */
export function MovieHead({ movie, actions }: { movie: ShowDetailResponse['movie']; actions: ReactNode }) {
  const meta = [formatRuntime(movie.runtime), movie.genres.map((g) => g.name).join(', '), releaseYear(movie.release_date)].filter(Boolean).join(' · ');
  return (
    <div className="c-detail">
      <Poster path={movie.poster_path} title={movie.title} eager className="c-detail__poster" />
      <div className="c-detail__info">
        <p className="c-kicker">{movie.original_language.toUpperCase()}</p>
        <h1 className="c-detail__title">{movie.title}</h1>
        {hasRating(movie) && (
          <p className="c-detail__rating">
            <span aria-hidden="true">★</span> {movie.vote_average.toFixed(1)} <span className="c-muted">User Rating</span>
          </p>
        )}
        {movie.tagline && <p className="c-detail__tagline">{movie.tagline}</p>}
        <p className="c-detail__overview">{movie.overview}</p>
        <p className="c-detail__meta">{meta}</p>
        {actions}
      </div>
    </div>
  );
}
