import { CardGridSkeleton, EmptyState, ErrorState } from 'shared-ui';
import { Section } from '../../../components/section';
import { useCatalogList } from '../api/get-catalog-list';
import type { CatalogListKind } from 'booking-service/contract';
import { CatalogMovieGrid } from './catalog-movie-grid';

/** A list from the movie database, with its own loading, empty and error states; `showing`: the movies with shows here. */
export function CatalogSection({ title, kind, limit, showing }: { title: string; kind: CatalogListKind; limit: number; showing: ReadonlySet<string> }) {
  const list = useCatalogList(kind);
  return (
    <Section title={title}>
      {list.isPending ? (
        <CardGridSkeleton count={limit} label={`Loading ${title}`} />
      ) : list.isError ? (
        <ErrorState title={`Could not load ${title}`} message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState title="No movies available" text="Check back soon." />
      ) : (
        <CatalogMovieGrid movies={list.data.results.slice(0, limit)} showing={showing} />
      )}
    </Section>
  );
}
