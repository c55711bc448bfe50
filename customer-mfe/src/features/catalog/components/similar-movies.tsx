import { CardGridSkeleton, ErrorState } from 'shared-ui';
import { Section } from '../../../components/section';
import { SIMILAR_LIMIT } from '../../../lib/constants';
import { useCatalogSimilar } from '../api/get-catalog-similar';
import { CatalogMovieGrid } from './catalog-movie-grid';

/** Movies the movie database finds similar; `showing`: the ids of the movies with shows here (CatalogMovieGrid). */
export function SimilarMovies({ id, showing }: { id: string; showing: ReadonlySet<string> }) {
  const similar = useCatalogSimilar(id);
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
