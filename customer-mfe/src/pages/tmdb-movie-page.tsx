import { Link, useParams } from 'react-router-dom';
import {
  buttonClass,
  CardGridSkeleton,
  ErrorState,
  formatBudget,
  formatRuntime,
  formatVotes,
  hasRating,
  imageUrl,
  Poster,
  releaseYear,
  Skeleton,
  useAppConfig,
} from 'shared-ui';
import { CastList } from '../components/cast-list';
import { Section } from '../components/section';
import { useCatalogCredits } from '../features/catalog/api/get-catalog-credits';
import { useCatalogMovie } from '../features/catalog/api/get-catalog-movie';
import { useCatalogSimilar } from '../features/catalog/api/get-catalog-similar';
import { CatalogMovieGrid } from '../features/catalog/components/catalog-movie-grid';
import { useShows } from '../features/shows/api/get-shows';
import type { CatalogMovie } from 'booking-service/contract';
import { TrailerToggle } from '../features/trailers/components/trailer-toggle';
import { CAST_LIMIT, COMPANIES_LIMIT, SIMILAR_LIMIT } from '../lib/constants';
import { MovieDetailSkeleton } from '../components/movie-detail-skeleton';
import { MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { isMovieId } from '../lib/route-params';

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

function languageName(movie: CatalogMovie): string {
  const code = movie.original_language;
  return movie.spoken_languages?.find((l) => l.iso_639_1 === code)?.english_name ?? languageNames?.of(code) ?? code.toUpperCase();
}

/** A movie from the movie database (spec §2 /tmdb-movie/{id}). */
export function TmdbMoviePage() {
  const { id = '' } = useParams();
  return isMovieId(id) ? <TmdbMovieScreen /> : <MovieNotFound />;
}

function TmdbMovieScreen() {
  const { id = '' } = useParams();
  const movie = useCatalogMovie(id);
  if (movie.isPending) return <MovieDetailSkeleton />;
  if (movie.isError) return <MovieLoadError error={movie.error} onRetry={() => void movie.refetch()} />;
  return <TmdbMovie movie={movie.data} />;
}

function TmdbMovie({ movie }: { movie: CatalogMovie }) {
  const config = useAppConfig();
  const id = String(movie.id);
  // Showing here: straight to Buy Tickets (its show times), not to the sample theatre listing.
  const showingHere = useShows().data?.shows.some((m) => m._id === id) ?? false;
  const backdrop = imageUrl(config, movie.backdrop_path);
  return (
    <>
      <div className="c-backdrop" aria-hidden="true">
        {backdrop && <img src={backdrop} alt="" width={1280} height={720} />}
      </div>
      <div className="ui-page c-stack c-over-backdrop">
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
            <dl className="c-facts">
              {movie.runtime ? (
                <div>
                  <dt>Runtime</dt>
                  <dd>{formatRuntime(movie.runtime)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Year</dt>
                <dd>{releaseYear(movie.release_date) || 'TBA'}</dd>
              </div>
              <div>
                <dt>Language</dt>
                <dd>{languageName(movie)}</dd>
              </div>
              {movie.budget > 0 && (
                <div>
                  <dt>Budget</dt>
                  <dd>{formatBudget(movie.budget)}</dd>
                </div>
              )}
            </dl>
            {movie.genres.length > 0 && (
              <ul className="c-chips" aria-label="Genres">
                {movie.genres.map((g) => (
                  <li key={g.id} className="c-chip">
                    {g.name}
                  </li>
                ))}
              </ul>
            )}
            <TrailerToggle
              movie={{ id, title: movie.title, posterPath: movie.poster_path, backdropPath: movie.backdrop_path }}
              actions={
                showingHere ? (
                  <Link className={buttonClass()} to={`/movies/${id}`}>
                    Buy Tickets
                  </Link>
                ) : (
                  <Link className={buttonClass()} to="/theaters">
                    Find Theaters
                  </Link>
                )
              }
            />
          </div>
        </div>
        <TmdbCast id={id} />
        {movie.production_companies.length > 0 && (
          <Section title="Production Companies">
            <ul className="c-companies">
              {movie.production_companies.slice(0, COMPANIES_LIMIT).map((company) => {
                const logo = imageUrl(config, company.logo_path);
                return (
                  <li key={company.id} className="c-company">
                    {logo ? <img src={logo} alt="" width={265} height={60} loading="lazy" /> : null}
                    <span>{company.name}</span>
                  </li>
                );
              })}
            </ul>
          </Section>
        )}
        <TmdbSimilar id={id} />
      </div>
    </>
  );
}

function TmdbCast({ id }: { id: string }) {
  const credits = useCatalogCredits(id);
  return (
    <Section title="Cast">
      {credits.isPending ? (
        <Skeleton height="8rem" />
      ) : credits.isError ? (
        <ErrorState title="Could not load the cast" message={credits.error.message} onRetry={() => void credits.refetch()} />
      ) : (
        <CastList cast={credits.data.cast.slice(0, CAST_LIMIT)} />
      )}
    </Section>
  );
}

function TmdbSimilar({ id }: { id: string }) {
  const similar = useCatalogSimilar(id);
  const showing = new Set(useShows().data?.shows.map((m) => m._id));
  return (
    <Section title="Similar Movies">
      {similar.isPending ? (
        <CardGridSkeleton count={SIMILAR_LIMIT} label="Loading similar movies" />
      ) : similar.isError ? (
        <ErrorState title="Could not load similar movies" message={similar.error.message} onRetry={() => void similar.refetch()} />
      ) : similar.data.results.length === 0 ? (
        <p className="c-muted">No similar movies found.</p>
      ) : (
        <CatalogMovieGrid movies={similar.data.results.slice(0, SIMILAR_LIMIT)} showing={showing} />
      )}
    </Section>
  );
}
