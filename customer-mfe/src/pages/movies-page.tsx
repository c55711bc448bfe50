import { CardGridSkeleton, EmptyState, ErrorState, PageLayout } from 'shared-ui';
import { useShows } from '../features/shows/api/get-shows';
import { MovieGrid } from '../features/shows/components/movie-grid';

export function MoviesPage() {
  const shows = useShows();
  return (
    <PageLayout title="Now Showing in Theaters">
      {shows.isPending ? (
        <CardGridSkeleton count={8} label="Loading movies" />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : shows.data.shows.length === 0 ? (
        <EmptyState title="No movies currently showing" text="Check back soon for new releases!" />
      ) : (
        <MovieGrid movies={shows.data.shows} />
      )}
    </PageLayout>
  );
}
