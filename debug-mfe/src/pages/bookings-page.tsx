import { Button, PageLayout } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { BookingTotals, StaffListStates, StaffPager, useTheatreTimeZone } from 'shared-ui/staff';
import { useSupportBookings } from '../features/bookings/api/debug-bookings';
import { BookingsTable } from '../features/bookings/components/bookings-table';
import { SupportSearch } from '../features/bookings/components/support-search';
import { useFailureToast } from '../features/bookings/hooks/use-failure-toast';
import { supportQuery, VIEW_LABELS, withSupportChange, type SupportChange } from '../features/bookings/lib/support-query';

/** Support's bookings: search by email, name, ticket code or booking id, a view, pages; the URL keeps them. */
export function BookingsPage() {
  const [params, changeParams] = useComposedSearchParams();
  const query = supportQuery(params);
  const bookings = useSupportBookings(query);
  const timeZone = useTheatreTimeZone();
  useFailureToast(bookings.error, 'Failed to fetch bookings');
  const go = (change: SupportChange) => changeParams((current) => withSupportChange(current, change));

  return (
    <PageLayout
      title="Payment support"
      actions={
        <Button variant="secondary" onClick={() => void bookings.refetch()}>
          Refresh
        </Button>
      }
    >
      <SupportSearch q={query.q} view={query.view} onChange={go} />
      <StaffListStates
        query={bookings}
        loadingLabel="Loading bookings"
        skeletonHeight="10rem"
        errorMessage={(error) => error.message || 'Failed to fetch bookings'}
        empty={{ rows: (data) => data.bookings, title: 'No bookings found', text: query.q ? `No ${VIEW_LABELS[query.view].toLowerCase()} booking matches “${query.q}”.` : 'No booking in this view.' }}
      >
        {(data) => (
          <>
            <BookingTotals totals={data.totals} />
            <BookingsTable bookings={data.bookings} caption={VIEW_LABELS[query.view]} timeZone={timeZone} />
            <StaffPager className="debug__pager" label="Pages" page={Number(query.page)} pageSize={Number(query.pageSize)} total={data.total} noun="booking" onPage={(page) => go({ page })} />
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
