import { useState } from 'react';
import { PageLayout } from 'shared-ui';
import { BookingTotals, StaffListStates, StaffPager, useTheatreTimeZone } from 'shared-ui/staff';
import { bookingsExportQuery, useAllBookings, type BookingFilters } from '../features/bookings/api/get-all-bookings';
import { BookingSearch } from '../features/bookings/components/booking-list-parts';
import { BookingFilterForm } from '../features/bookings/components/booking-filters';
import { BookingsTable } from '../features/bookings/components/bookings-table';
import { useAdminShows } from '../features/shows/api/get-admin-shows';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { DownloadCsvButton } from '../features/exports/components/download-csv-button';

const PAGE_SIZE = 25;

/**
 * Bookings searched (ticket code, customer, movie) and filtered (movie, cinema, show date, paid) with server-side paging
 * for thousands of rows, and totals over every page that keep refunds apart from what was paid; each row names its
 * ticket code, cinema and screen.
 */
export function ListBookingsPage() {
  const [filters, setFilters] = useState<BookingFilters>({ page: 1, pageSize: PAGE_SIZE });
  const bookings = useAllBookings(filters);
  // The movies of the upcoming shows, as the service lists them for List Shows' filter.
  const movies = useAdminShows({ pageSize: '1' }).data?.movies ?? [];
  const timeZone = useTheatreTimeZone();
  const cinemas = useAdminCinemas().data?.cinemas;
  // Any change but the page's starts again from the first page.
  const update = (change: Partial<BookingFilters>) => setFilters((current) => ({ ...current, ...change, page: change.page ?? 1 }));

  return (
    <PageLayout title="List Bookings">
      <BookingSearch value={filters.q} onSearch={(q) => update({ q })} />
      <BookingFilterForm filters={filters} movies={movies} cinemas={cinemas} onChange={update}>
        <DownloadCsvButton path="/api/admin/all-bookings/export" query={bookingsExportQuery(filters)} fileName="bookings.csv" />
      </BookingFilterForm>
      <StaffListStates
        query={bookings}
        loadingLabel="Loading bookings"
        empty={{ rows: (data) => data.bookings, title: 'No bookings found', text: filters.q ? `No booking matches "${filters.q}" with these filters.` : 'No booking matches these filters.' }}
      >
        {(data) => (
          <>
            <BookingTotals totals={data.totals} />
            <BookingsTable bookings={data.bookings} withPlace={Boolean(cinemas)} timeZone={timeZone} />
            <StaffPager className="admin__pager" label="Pages" page={filters.page} pageSize={filters.pageSize} total={data.total} noun="booking" onPage={(page) => update({ page })} />
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
