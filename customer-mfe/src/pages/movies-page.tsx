import { CardGridSkeleton, EmptyState, ErrorState, PageLayout } from 'shared-ui';
import { CatalogSection } from '../features/catalog/components/catalog-section';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { POPULAR_LIMIT, TOP_RATED_LIMIT } from '../lib/constants';

export function MoviesPage() {
  const shows = useShows();
  const showing = new Set(shows.data?.shows.map((m) => m._id));
  return (
    <PageLayout title="Now Showing in Theaters">
      <div className="c-stack">
        <div>
          {shows.isPending ? (
            <CardGridSkeleton count={8} label="Loading movies" />
          ) : shows.isError ? (
            <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
          ) : shows.data.shows.length === 0 ? (
            <EmptyState title="No movies currently showing" text="Check back soon for new releases!" />
          ) : (
            <MovieGrid movies={shows.data.shows} />
          )}
        </div>
        <CatalogSection title="Top Rated" kind="top_rated" limit={TOP_RATED_LIMIT} showing={showing} />
        <CatalogSection title="Popular" kind="popular" limit={POPULAR_LIMIT} showing={showing} />
      </div>
    </PageLayout>
  );
}
