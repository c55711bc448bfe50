import { CardGridSkeleton, ErrorState, PageLayout } from 'shared-ui';
import { Section } from '../components/section';
import { CinemasOfCity } from '../features/cinemas/components/cinemas-of-city';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { FEATURED_THEATER_MOVIES } from '../lib/constants';

/**
 * /theaters (spec §3): the featured movies, then the chain's cinemas of the moviegoer's city (GET
 * /api/cinemas), the city chosen with the tabs and remembered (lib/chosen-city.ts); until one is chosen, the
 * chain's first city. Each card leads to that cinema's show times (/theaters/:cinemaId).
 */
export function TheatersPage() {
  const shows = useShows();
  const movies = shows.data?.shows ?? [];
  return (
    <PageLayout title="Theaters">
      <div className="c-stack">
        <Section title="Featured Movies" className="c-featured">
          {shows.isPending ? (
            <CardGridSkeleton count={FEATURED_THEATER_MOVIES} label="Loading movies" />
          ) : shows.isError ? (
            <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
          ) : movies.length === 0 ? (
            <p className="c-muted">No movies currently showing.</p>
          ) : (
            <MovieGrid movies={movies.slice(0, FEATURED_THEATER_MOVIES)} />
          )}
        </Section>
        <CinemasOfCity />
      </div>
    </PageLayout>
  );
}
