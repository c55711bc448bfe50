import { Link } from 'react-router-dom';
import { buttonClass, CardGridSkeleton, EmptyState, ErrorState } from 'shared-ui';
import { Section } from '../../../components/section';
import { ALSO_LIKE_LIMIT } from '../../../lib/constants';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useShows } from '../api/get-shows';
import { MovieGrid } from './movie-grid';

/**
 * The other shows, at the foot of the page: read when the reader scrolls near
 * them, so on a phone the list and its posters do not compete with the movie
 * above. Until then the section holds its place with the skeleton.
 */
export function AlsoLike({ currentId }: { currentId: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const shows = useShows({ enabled: near });
  const others = shows.data?.shows.filter((m) => m._id !== currentId).slice(0, ALSO_LIKE_LIMIT) ?? [];
  return (
    <Section title="You May Also Like" ref={ref}>
      {shows.isPending ? (
        <CardGridSkeleton count={ALSO_LIKE_LIMIT} label="Loading movies" />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : others.length === 0 ? (
        <EmptyState title="No other movies showing right now" />
      ) : (
        <MovieGrid movies={others} />
      )}
      <div className="c-center">
        <Link className={buttonClass('secondary')} to="/theaters">
          Show more
        </Link>
      </div>
    </Section>
  );
}
