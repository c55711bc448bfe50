import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CardGridSkeleton, ErrorState, PageLayout } from 'shared-ui';
import { Section } from '../components/section';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { TheaterCard } from '../features/theaters/components/theater-card';
import { CITIES, SAMPLE_THEATERS, type City } from '../features/theaters/data/sample-theaters';
import { FEATURED_THEATER_MOVIES, THEATER_CARD_POSTERS } from '../lib/constants';

export function TheatersPage() {
  const [city, setCity] = useState<City>('Mumbai');
  const shows = useShows();
  const movies = shows.data?.shows ?? [];
  return (
    <PageLayout title="Theaters">
      <p className="c-notice" role="note">
        <strong>Sample listing.</strong> These theatres are shown for illustration only; book real seats through{' '}
        <Link to="/movies">Movies</Link>.
      </p>
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
        <Section title={`Theaters in ${city}`}>
          <div className="c-tabs" role="group" aria-label="City">
            {CITIES.map((name) => (
              <button key={name} type="button" className="c-tab" aria-pressed={city === name} onClick={() => setCity(name)}>
                {name}
              </button>
            ))}
          </div>
          <div className="c-theaters">
            {SAMPLE_THEATERS[city].map((theater, i) => (
              <TheaterCard
                key={theater.id}
                theater={theater}
                movies={rotate(movies, i * THEATER_CARD_POSTERS).slice(0, THEATER_CARD_POSTERS)}
              />
            ))}
          </div>
        </Section>
      </div>
    </PageLayout>
  );
}

/** The list starting at `by` (wrapping), so each theatre shows a different trio. */
function rotate<T>(items: T[], by: number): T[] {
  if (items.length === 0) return items;
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
