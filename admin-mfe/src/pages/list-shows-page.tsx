import type { ShowSort } from 'booking-service/contract';
import { Button, formatPrice, formatShowTime, PageLayout } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { StaffListStates, useTheatreTimeZone } from 'shared-ui/staff';
import { useAdminShows } from '../features/shows/api/get-admin-shows';
import { ShowRowActions } from '../features/shows/components/show-row-actions';
import { showListQuery, SORT_LABELS, withChange } from '../features/shows/show-list-query';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { CinemaFilter, placeOf } from '../features/cinemas/components/cinema-filter';

/**
 * List Shows: filtered by movie, cinema and date range, sorted and paged by the service; the URL keeps it all. Each row names
 * its cinema and screen, says when it is cancelled, and has its actions (seat map, change price, cancel the show).
 */
export function ListShowsPage() {
  const [params, changeParams] = useComposedSearchParams();
  const query = showListQuery(params);
  const shows = useAdminShows(query);
  const timeZone = useTheatreTimeZone();
  const cinemas = useAdminCinemas().data?.cinemas;
  const change = (values: Record<string, string | undefined>) => changeParams((current) => withChange(current, values));
  const page = Number(query.page);
  const total = shows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / Number(query.pageSize)));

  return (
    <PageLayout title="List Shows">
      {/* Each control is named by its label's words alone (aria-label): a wrapping label would add the chosen option's. */}
      <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter and sort shows">
        <label>
          Movie
          <select aria-label="Movie" value={query.movieId ?? ''} onChange={(e) => change({ movie: e.target.value || undefined })}>
            <option value="">All movies</option>
            {(shows.data?.movies ?? []).map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.title}
              </option>
            ))}
          </select>
        </label>
        <CinemaFilter cinemas={cinemas} value={query.cinemaId} onChange={(cinema) => change({ cinema })} />
        <label>
          From
          <input type="date" aria-label="From" value={query.from ?? ''} onChange={(e) => change({ from: e.target.value || undefined })} />
        </label>
        <label>
          To
          <input type="date" aria-label="To" value={query.to ?? ''} min={query.from} onChange={(e) => change({ to: e.target.value || undefined })} />
        </label>
        <label>
          Sort by
          <select aria-label="Sort by" value={query.sort} onChange={(e) => change({ sort: e.target.value === 'time' ? undefined : e.target.value })}>
            {(Object.entries(SORT_LABELS) as [ShowSort, string][]).map(([sort, label]) => (
              <option key={sort} value={sort}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select aria-label="Order" value={query.order} onChange={(e) => change({ order: e.target.value === 'desc' ? 'desc' : undefined })}>
            <option value="asc">{query.sort === 'time' || query.sort === 'movie' ? 'Earliest / A–Z first' : 'Lowest first'}</option>
            <option value="desc">{query.sort === 'time' || query.sort === 'movie' ? 'Latest / Z–A first' : 'Highest first'}</option>
          </select>
        </label>
      </form>
      <StaffListStates
        query={shows}
        loadingLabel="Loading shows"
        empty={{ rows: (data) => data.shows, title: 'No shows found', text: params.size > 0 ? 'No show matches these filters.' : 'Add shows from Add Shows.' }}
      >
        {(data) => (
          <>
            <table className="staff-table">
              <caption className="sr-only">Shows</caption>
              <thead>
                <tr>
                  <th scope="col">Movie</th>
                  <th scope="col">Show time</th>
                  {cinemas && <th scope="col">Cinema</th>}
                  <th scope="col">Sold / seats</th>
                  <th scope="col">Price</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.shows.map((show) => (
                  <tr key={show._id}>
                    <th scope="row" data-label="Movie">{show.movie.title}</th>
                    <td data-label="Show time">
                      {formatShowTime(show.showDateTime, show.cinema?.timeZone ?? timeZone)}
                      {show.cancelled && <> <span className="admin__state">Cancelled</span></>}
                    </td>
                    {cinemas && <td data-label="Cinema">{placeOf(show)}</td>}
                    <td data-label="Sold / seats">
                      {show.soldSeats} / {show.totalSeats}
                      {show.heldSeats > 0 && <span className="admin__muted"> ({show.heldSeats} held)</span>}
                    </td>
                    <td data-label="Price">{formatPrice(show.showPrice)}</td>
                    <td data-label="Revenue">{formatPrice(show.revenue)}</td>
                    <td data-label="Actions">
                      <ShowRowActions show={show} timeZone={show.cinema?.timeZone ?? timeZone} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="admin__pager" aria-label="Pages">
              <Button variant="secondary" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages} · {total} shows
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => change({ page: String(page + 1) })}>
                Next
              </Button>
            </nav>
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
