import { PageLayout } from 'shared-ui';
import { StaffListStates } from 'shared-ui/staff';
import { useSupportBookings } from '../features/bookings/api/debug-bookings';
import { RefundsTable } from '../features/bookings/components/refunds-table';

/** The latest bookings the service flagged for refund (late payments for seats sold meanwhile), with why. */
export function RefundsPage() {
  const bookings = useSupportBookings({ view: 'all', pageSize: '200' });
  return (
    <PageLayout title="Refunds">
      {/* RefundsTable says when none was flagged. */}
      <StaffListStates query={bookings} loadingLabel="Loading refunds" skeletonHeight="6rem" errorMessage={() => 'Failed to fetch bookings'}>
        {(data) => <RefundsTable bookings={data.bookings} />}
      </StaffListStates>
    </PageLayout>
  );
}
