import { useState } from 'react';
import { bookingStatusLabel, Button, EmptyState, ErrorState, formatPrice, formatShowTime, PageLayout, Skeleton } from 'shared-ui';
import { useAllBookings, type BookingFilters } from '../features/bookings/api/get-all-bookings';
import { useAllShows } from '../features/shows/api/get-all-shows';

const PAGE_SIZE = 25;

/** Bookings with filters (movie, show date, paid) and server-side paging for thousands of rows. */
export function ListBookingsPage() {
  const [filters, setFilters] = useState<BookingFilters>({ page: 1, pageSize: PAGE_SIZE });
  const bookings = useAllBookings(filters);
  const shows = useAllShows();
  const movies = [...new Map((shows.data?.shows ?? []).map((s) => [s.movie._id, s.movie.title])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const update = (change: Partial<BookingFilters>) => setFilters((current) => ({ ...current, ...change, page: change.page ?? 1 }));
  const total = bookings.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));

  return (
    <PageLayout title="List Bookings">
      <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter bookings">
        <label>
          Movie
          <select value={filters.movieId ?? ''} onChange={(e) => update({ movieId: e.target.value || undefined })}>
            <option value="">All movies</option>
            {movies.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show date
          <input type="date" value={filters.date ?? ''} onChange={(e) => update({ date: e.target.value || undefined })} />
        </label>
        <label>
          Payment
          <select value={filters.paid ?? ''} onChange={(e) => update({ paid: (e.target.value || undefined) as BookingFilters['paid'] })}>
            <option value="">All</option>
            <option value="true">Paid</option>
            <option value="false">Unpaid</option>
          </select>
        </label>
      </form>
      {bookings.isPending ? (
        <div role="status" aria-label="Loading bookings">
          <Skeleton height="12rem" />
        </div>
      ) : bookings.isError ? (
        <ErrorState message={bookings.error.message} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.bookings.length === 0 ? (
        <EmptyState title="No bookings found" text="No booking matches these filters." />
      ) : (
        <>
          <div className="admin__table-wrap">
            <table className="admin__table">
              <caption className="sr-only">Bookings</caption>
              <thead>
                <tr>
                  <th scope="col">User Name</th>
                  <th scope="col">Movie Name</th>
                  <th scope="col">Show Time</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {bookings.data.bookings.map((booking) => (
                  <tr key={booking._id}>
                    <td>{booking.user.name}</td>
                    <td>{booking.show.movie.title}</td>
                    <td>{formatShowTime(booking.show.showDateTime)}</td>
                    <td>{booking.bookedSeats.join(', ')}</td>
                    <td>{formatPrice(booking.amount)}</td>
                    <td>{bookingStatusLabel(booking)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin__pager" aria-label="Pages">
            <Button variant="secondary" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {filters.page} of {pages} · {total} bookings
            </span>
            <Button variant="secondary" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
              Next
            </Button>
          </nav>
        </>
      )}
    </PageLayout>
  );
}
