import type { ShowSort } from 'booking-service/contract';
import { Button, PageLayout } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { countOf, StaffListStates, useTheatreTimeZone } from 'shared-ui/staff';
import { useAdminShows } from '../features/shows/api/get-admin-shows';
import { ShowTable } from '../features/shows/components/show-table';
import { showListQuery, SORT_LABELS, withChange } from '../features/shows/lib/show-list-query';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { CinemaFilter, ScreenFilter } from '../lib/cinema-filters';

/**
 * List Shows: filtered by movie, cinema, screen and date range (or the one show the Schedule opened), sorted and paged by the
 * service; the URL keeps it all. A dense table (issue 52): each row names
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
        <CinemaFilter cinemas={cinemas} value={query.cinemaId} onChange={(cinema) => change({ cinema, screen: undefined })} />
        <ScreenFilter cinemas={cinemas} cinemaId={query.cinemaId} value={query.screenId} onChange={(screen) => change({ screen })} />
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
      {query.ids && (
        <p className="admin__one-show">
          Showing the show opened from the Schedule.{' '}
          <Button variant="ghost" onClick={() => change({ show: undefined })}>
            Show all shows
          </Button>
        </p>
      )}
      <StaffListStates
        query={shows}
        loadingLabel="Loading shows"
        empty={{ rows: (data) => data.shows, title: 'No shows found', text: params.size > 0 ? 'No show matches these filters.' : 'Add shows from Add Shows.' }}
      >
        {(data) => (
          <>
            <ShowTable shows={data.shows} withPlace={Boolean(cinemas)} timeZone={timeZone} />
            <nav className="admin__pager" aria-label="Pages">
              <Button variant="secondary" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages} · {countOf(total, 'show')}
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
