import { ErrorState, Skeleton } from 'shared-ui';
import { CastList } from '../../../components/cast-list';
import { Section } from '../../../components/section';
import { CAST_LIMIT } from '../../../lib/constants';
import { useCatalogCredits } from '../api/get-catalog-credits';

/** A catalogue movie's first cast members, read from the movie database. */
export function CatalogCast({ id }: { id: string }) {
  const credits = useCatalogCredits(id);
  return (
    <Section title="Cast">
      {credits.isPending ? (
        <Skeleton height="8rem" />
      ) : credits.isError ? (
        <ErrorState title="Could not load the cast" message={credits.error.message} onRetry={() => void credits.refetch()} />
      ) : (
        <CastList cast={credits.data.cast.slice(0, CAST_LIMIT)} />
      )}
    </Section>
  );
}
