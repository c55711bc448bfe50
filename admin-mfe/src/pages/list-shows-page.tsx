import { EmptyState, ErrorState, formatPrice, formatShowTime, PageLayout, Skeleton } from 'shared-ui';
import { useAllShows } from '../features/shows/api/get-all-shows';

/** Spec §9: earnings per show = occupied seats × price. */
export function ListShowsPage() {
  const shows = useAllShows();
  return (
    <PageLayout title="List Shows">
      {shows.isPending ? (
        <div role="status" aria-label="Loading shows">
          <Skeleton height="12rem" />
        </div>
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : shows.data.shows.length === 0 ? (
        <EmptyState title="No upcoming shows" text="Add shows from Add Shows." />
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption className="sr-only">Upcoming shows</caption>
            <thead>
              <tr>
                <th scope="col">Movie Name</th>
                <th scope="col">Show Time</th>
                <th scope="col">Total Bookings</th>
                <th scope="col">Earnings</th>
              </tr>
            </thead>
            <tbody>
              {shows.data.shows.map((show) => {
                const booked = Object.keys(show.occupiedSeats).length;
                return (
                  <tr key={show._id}>
                    <td>{show.movie.title}</td>
                    <td>{formatShowTime(show.showDateTime)}</td>
                    <td>{booked}</td>
                    <td>{formatPrice(Math.round(booked * show.showPrice * 100) / 100)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </PageLayout>
  );
}
