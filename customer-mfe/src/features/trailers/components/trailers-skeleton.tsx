import { Skeleton } from 'shared-ui';
import { HOME_TRAILER_SHOWS } from '../../../lib/constants';

/** The Trailers section's shape while its trailers are on their way: a player and a row of thumbnails. */
export function TrailersSkeleton() {
  return (
    <div role="status" aria-label="Loading trailers">
      <Skeleton className="c-trailer" height="auto" />
      <div className="c-trailer-thumbs">
        {Array.from({ length: HOME_TRAILER_SHOWS }, (_, i) => (
          <Skeleton key={i} className="c-trailer-thumb__art" height="auto" />
        ))}
      </div>
    </div>
  );
}
