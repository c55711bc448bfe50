import { ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { useSupportBookings } from '../features/bookings/api/debug-bookings';
import { RefundsTable } from '../features/bookings/components/refunds-table';

/** The latest bookings the service flagged for refund (late payments for seats sold meanwhile), with why. */
export function RefundsPage() {
  const bookings = useSupportBookings({ view: 'all', pageSize: '200' });
  return (
    <PageLayout title="Refunds">
      {bookings.isPending ? (
        <Skeleton height="6rem" />
      ) : bookings.isError ? (
        <ErrorState message="Failed to fetch bookings" onRetry={() => void bookings.refetch()} />
      ) : (
        <RefundsTable bookings={bookings.data.bookings} />
      )}
    </PageLayout>
  );
}
