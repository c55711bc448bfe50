import { Link } from 'react-router-dom';
import { buttonClass, CardGridSkeleton, EmptyState, ErrorState } from 'shared-ui';
import { Section } from '../components/section';
import { useShows } from '../features/shows/api/get-shows';
import { HeroCarousel, HeroEmpty, HeroPlaceholder } from '../features/shows/components/hero-carousel';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { DeferredHomeTrailers } from '../features/trailers/components/deferred-home-trailers';
import { HOME_MOVIES } from '../lib/constants';

export function HomePage() {
  const shows = useShows();
  const movies = shows.data?.shows ?? [];
  return (
    <>
      <h1 className="sr-only">Marquee: movies now in cinemas</h1>
      {movies.length > 0 ? <HeroCarousel movies={movies} /> : shows.isPending ? <HeroPlaceholder /> : <HeroEmpty />}
      <div className="ui-page c-stack">
        <Section
          title="Now Showing"
          actions={
            <Link className={buttonClass('ghost')} to="/movies">
              Show more
            </Link>
          }
        >
          {shows.isPending ? (
            <CardGridSkeleton count={HOME_MOVIES} label="Loading movies" />
          ) : shows.isError ? (
            <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
          ) : movies.length === 0 ? (
            <EmptyState title="No movies currently showing" text="Check back soon for new releases!" />
          ) : (
            <MovieGrid movies={movies.slice(0, HOME_MOVIES)} />
          )}
        </Section>
        <DeferredHomeTrailers
          loading={shows.isPending}
          movies={movies.map((m) => ({ id: m._id, title: m.title, posterPath: m.poster_path, backdropPath: m.backdrop_path }))}
        />
      </div>
    </>
  );
}
