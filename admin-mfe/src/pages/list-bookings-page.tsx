import { useState } from 'react';
import type { AdminBooking } from 'booking-service/contract';
import { bookingStatusLabel, Button, formatShowTime, PageLayout } from 'shared-ui';
import { useAllBookings, type BookingFilters } from '../features/bookings/api/get-all-bookings';
import { useAdminShows } from '../features/shows/api/get-admin-shows';
import { amountOf, BookingTotals, countOf, StaffListStates, useTheatreTimeZone } from 'shared-ui/staff';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { CinemaFilter, placeOf } from '../lib/cinema-filters';
import { BookingSearch } from '../features/bookings/components/booking-list-parts';
import { DownloadCsvButton } from '../features/exports/components/download-csv-button';

const PAGE_SIZE = 25;

/** The list's filters without its page: the export holds every booking they match. */
function exportQuery({ movieId, cinemaId, date, paid, q }: BookingFilters): Record<string, string | undefined> {
  return { movieId, cinemaId, date, paid, q };
}

/** A row's ticket: its code once paid, marked when a cancellation left it not valid; none for a booking never paid. */
function TicketCode({ booking }: { booking: AdminBooking }) {
  if (!booking.ticketCode) return <span className="admin__muted">None (never paid)</span>;
  if (booking.isPaid) return <>{booking.ticketCode}</>;
  return (
    <>
      {booking.ticketCode} <span className="admin__muted">{booking.refundStatus === 'refunded' ? 'refunded' : 'cancelled'}, not valid</span>
    </>
  );
}

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
  const update = (change: Partial<BookingFilters>) => setFilters((current) => ({ ...current, ...change, page: change.page ?? 1 }));
  const total = bookings.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));

  return (
    <PageLayout title="List Bookings">
      <BookingSearch value={filters.q} onSearch={(q) => update({ q })} />
      <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter bookings">
        <label>
          Movie
          <select value={filters.movieId ?? ''} onChange={(e) => update({ movieId: e.target.value || undefined })}>
            <option value="">All movies</option>
            {movies.map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.title}
              </option>
            ))}
          </select>
        </label>
        <CinemaFilter cinemas={cinemas} value={filters.cinemaId} onChange={(cinemaId) => update({ cinemaId })} />
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
        <DownloadCsvButton path="/api/admin/all-bookings/export" query={exportQuery(filters)} fileName="bookings.csv" />
      </form>
      <StaffListStates
        query={bookings}
        loadingLabel="Loading bookings"
        empty={{ rows: (data) => data.bookings, title: 'No bookings found', text: filters.q ? `No booking matches "${filters.q}" with these filters.` : 'No booking matches these filters.' }}
      >
        {(data) => (
          <>
            <BookingTotals totals={data.totals} />
            <table className="staff-table">
              <caption className="sr-only">Bookings</caption>
              <thead>
                <tr>
                  <th scope="col">User Name</th>
                  <th scope="col">Ticket code</th>
                  <th scope="col">Movie Name</th>
                  <th scope="col">Show Time</th>
                  {cinemas && <th scope="col">Cinema</th>}
                  <th scope="col">Seats</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.bookings.map((booking) => (
                  <tr key={booking._id}>
                    <th scope="row" data-label="User Name">{booking.user.name}</th>
                    <td data-label="Ticket code" className="admin__code">
                      <TicketCode booking={booking} />
                    </td>
                    <td data-label="Movie Name">{booking.show.movie.title}</td>
                    <td data-label="Show Time">{formatShowTime(booking.show.showDateTime, booking.show.cinema?.timeZone ?? timeZone)}</td>
                    {cinemas && <td data-label="Cinema">{placeOf(booking.show)}</td>}
                    <td data-label="Seats">{booking.bookedSeats.join(', ')}</td>
                    <td data-label="Amount">{amountOf(booking)}</td>
                    <td data-label="Status">{bookingStatusLabel(booking)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="admin__pager" aria-label="Pages">
              <Button variant="secondary" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {filters.page} of {pages} · {countOf(total, 'booking')}
              </span>
              <Button variant="secondary" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
                Next
              </Button>
            </nav>
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
