import { CardGridSkeleton, EmptyState, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { Section } from '../components/section';
import { useCinemas } from '../features/cinemas/api/get-cinemas';
import { CinemaCard } from '../features/cinemas/components/cinema-card';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { chooseCity, useChosenCity } from '../lib/chosen-city';
import { FEATURED_THEATER_MOVIES } from '../lib/constants';

/**
 * /theaters (spec §3, issue 42): the featured movies, then the chain's cinemas of the moviegoer's city (GET
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

function CinemasOfCity() {
  const chosen = useChosenCity();
  const cinemas = useCinemas();
  if (cinemas.isPending) return <Skeleton height="16rem" />;
  if (cinemas.isError) return <ErrorState message={cinemas.error.message} onRetry={() => void cinemas.refetch()} />;
  const { cities } = cinemas.data;
  const city = chosen && cities.includes(chosen) ? chosen : (cities[0] ?? null);
  const here = cinemas.data.cinemas.filter((cinema) => cinema.city === city);
  return (
    <Section title={city ? `Theaters in ${city}` : 'Theaters'}>
      <div className="c-tabs" role="group" aria-label="City">
        {cities.map((name) => (
          <button key={name} type="button" className="c-tab" aria-pressed={city === name} onClick={() => chooseCity(name)}>
            {name}
          </button>
        ))}
      </div>
      {here.length === 0 ? (
        <EmptyState title="No cinemas in this city yet" />
      ) : (
        <div className="c-theaters">
          {here.map((cinema) => (
            <CinemaCard key={cinema._id} cinema={cinema} />
          ))}
        </div>
      )}
    </Section>
  );
}
