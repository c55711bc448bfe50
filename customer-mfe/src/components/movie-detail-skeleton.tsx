import { Skeleton } from 'shared-ui';

/**
 * The detail page's shape while it loads: poster box and text lines (the movie and TMDB movie pages). Not in
 * movie-load-states.tsx, so the seat page, which shows those states, does not carry it.
 */
export function MovieDetailSkeleton({ extraLines = false }: { extraLines?: boolean }) {
  return (
    <div className="ui-page" role="status" aria-label="Loading movie">
      <div className="c-detail">
        <Skeleton className="c-detail__poster ui-poster" height="auto" />
        <div className="c-detail__info">
          <Skeleton width="6rem" />
          <Skeleton width="60%" height="2.5rem" />
          {extraLines && <Skeleton width="8rem" />}
          <Skeleton height="5rem" />
          {extraLines && <Skeleton width="40%" />}
        </div>
      </div>
    </div>
  );
}
