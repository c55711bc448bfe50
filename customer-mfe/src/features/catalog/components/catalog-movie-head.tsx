import type { ReactNode } from 'react';
import type { CatalogMovie } from 'booking-service/contract';
import { formatVotes, hasRating, imageUrl, Poster, useAppConfig } from 'shared-ui';
import { CatalogMovieFacts } from './catalog-movie-facts';

/** The movie's backdrop, behind the top of its page. */
export function CatalogBackdrop({ path }: { path: CatalogMovie['backdrop_path'] }) {
  const backdrop = imageUrl(useAppConfig(), path);
  return (
    <div className="c-backdrop" aria-hidden="true">
      {backdrop && <img src={backdrop} alt="" width={1280} height={720} />}
    </div>
  );
}

/** A catalogue movie's poster, status, title, tagline, rating, overview and facts, with `actions` (trailer, tickets) last. */
export function CatalogMovieHead({ movie, actions }: { movie: CatalogMovie; actions: ReactNode }) {
  return (
    <div className="c-detail">
      <Poster path={movie.poster_path} title={movie.title} eager className="c-detail__poster" />
      <div className="c-detail__info">
        <p className="c-chips-inline">
          <span className="c-badge">{movie.status}</span>
          {movie.adult && (
            <span className="c-badge" data-tone="danger" aria-label="Adults only, 18+">
              18+
            </span>
          )}
        </p>
        <h1 className="c-detail__title">{movie.title}</h1>
        {movie.tagline && <p className="c-detail__tagline">{movie.tagline}</p>}
        {hasRating(movie) && (
          <p className="c-detail__rating">
            <span aria-hidden="true">★</span> {movie.vote_average.toFixed(1)} <span className="c-muted">({formatVotes(movie.vote_count)} votes)</span>
          </p>
        )}
        <p className="c-detail__overview">{movie.overview}</p>
        <CatalogMovieFacts movie={movie} />
        {actions}
      </div>
    </div>
  );
}
