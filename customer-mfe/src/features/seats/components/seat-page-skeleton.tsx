import { Skeleton } from 'shared-ui';

export function SeatPageSkeleton() {
  return (
    <div className="ui-page" role="status" aria-label="Loading seats">
      <div className="c-seats-page">
        <Skeleton height="16rem" />
        <Skeleton height="28rem" />
      </div>
    </div>
  );
}
