import type { AdminShowsResponse, CinemaWithLayouts, ShowSort } from 'booking-service/contract';
import { FilterSelect } from 'shared-ui/staff';
import { CinemaFilter, ScreenFilter } from '../../../lib/cinema-filters';
import { MovieFilter } from '../../../lib/movie-filter';
import { SORT_LABELS, type ShowListQuery } from '../lib/show-list-query';

const SORTS = Object.entries(SORT_LABELS) as [ShowSort, string][];

/** The order's words fit the sort: times and titles run earliest / A–Z first, figures lowest first. */
function orderOptions(sort: ShowSort) {
  const byTimeOrTitle = sort === 'time' || sort === 'movie';
  return [
    ['asc', byTimeOrTitle ? 'Earliest / A–Z first' : 'Lowest first'],
    ['desc', byTimeOrTitle ? 'Latest / Z–A first' : 'Highest first'],
  ] as const;
}

/**
 * List Shows' filters and sort: movie, cinema, screen, date range, sort and order, each a change of the URL's
 * (`change`: the URL's names, undefined for the default).
 */
export function ShowFilters({
  query,
  movies,
  cinemas,
  change,
}: {
  query: ShowListQuery;
  movies: AdminShowsResponse['movies'];
  cinemas: readonly CinemaWithLayouts[] | undefined;
  change: (values: Record<string, string | undefined>) => void;
}) {
  return (
    // Each control is named by its label's words alone (aria-label): a wrapping label would add the chosen option's.
    <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter and sort shows">
      <MovieFilter movies={movies} value={query.movieId} onChange={(movie) => change({ movie })} />
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
      <FilterSelect label="Sort by" value={query.sort} options={SORTS} onChange={(sort) => change({ sort: sort === 'time' ? undefined : sort })} />
      <FilterSelect label="Order" value={query.order} options={orderOptions(query.sort)} onChange={(order) => change({ order: order === 'desc' ? 'desc' : undefined })} />
    </form>
  );
}
