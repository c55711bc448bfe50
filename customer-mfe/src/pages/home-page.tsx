import { Link } from 'react-router-dom';
import { buttonClass, CardGridSkeleton, ErrorState, formatRuntime, imageUrl, PageLayout, releaseYear, useAppConfig } from 'shared-ui';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';

const NOW_SHOWING_ON_HOME = 4;

export function HomePage() {
  const shows = useShows();
  const config = useAppConfig();
  const featured = shows.data?.shows[0];
  return (
    <>
      <section className="customer-hero" aria-label="Featured movie">
        {featured ? (
          <>
            <img className="customer-hero__art" src={imageUrl(config, featured.backdrop_path) ?? undefined} alt="" width={1280} height={720} fetchPriority="high" />
            <div className="customer-hero__text">
              <h1>{featured.title}</h1>
              <p className="customer-hero__meta">
                {[featured.genres.map((g) => g.name).join(' | '), releaseYear(featured.release_date), formatRuntime(featured.runtime)].filter(Boolean).join(' · ')}
              </p>
              <p>{featured.overview}</p>
              <Link className={buttonClass()} to="/movies">
                Explore Movies
              </Link>
            </div>
          </>
        ) : (
          <div className="customer-hero__art" aria-hidden="true" />
        )}
      </section>
      <PageLayout
        title="Now Showing"
        actions={
          <Link className={buttonClass('ghost')} to="/movies">
            Show more
          </Link>
        }
      >
        {shows.isPending ? (
          <CardGridSkeleton count={NOW_SHOWING_ON_HOME} label="Loading movies" />
        ) : shows.isError ? (
          <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
        ) : (
          <MovieGrid movies={shows.data.shows.slice(0, NOW_SHOWING_ON_HOME)} />
        )}
      </PageLayout>
    </>
  );
}
