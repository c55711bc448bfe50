import { useParams } from 'react-router-dom';
import type { CatalogMovie } from 'booking-service/contract';
import { useCatalogMovie } from '../features/catalog/api/get-catalog-movie';
import { CatalogCast } from '../features/catalog/components/catalog-cast';
import { CatalogBackdrop, CatalogMovieHead } from '../features/catalog/components/catalog-movie-head';
import { ProductionCompanies } from '../features/catalog/components/production-companies';
import { SimilarMovies } from '../features/catalog/components/similar-movies';
import { TicketsLink } from '../features/catalog/components/tickets-link';
import { useShows } from '../features/shows/api/get-shows';
import { TrailerToggle } from '../features/trailers/components/trailer-toggle';
import { MovieDetailSkeleton } from '../components/movie-detail-skeleton';
import { MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { isMovieId } from '../lib/route-params';

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
  const id = String(movie.id);
  // The movies with shows here: this one and the similar ones lead to their show times.
  const showing = new Set(useShows().data?.shows.map((m) => m._id));
  return (
    <>
      <CatalogBackdrop path={movie.backdrop_path} />
      <div className="ui-page c-stack c-over-backdrop">
        <CatalogMovieHead
          movie={movie}
          actions={
            <TrailerToggle
              movie={{ id, title: movie.title, posterPath: movie.poster_path, backdropPath: movie.backdrop_path }}
              actions={<TicketsLink movieId={id} showingHere={showing.has(id)} />}
            />
          }
        />
        <CatalogCast id={id} />
        <ProductionCompanies companies={movie.production_companies} />
        <SimilarMovies id={id} showing={showing} />
      </div>
    </>
  );
}
