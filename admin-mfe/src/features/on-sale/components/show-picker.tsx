import { useId, useState } from 'react';
import type { AdminShowRow, CinemaWithLayouts } from 'booking-service/contract';
import { Button, ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { StaffPager } from 'shared-ui/staff';
import { useOnSaleShows } from '../api/on-sale-shows';
import { CinemaFilter, placeOf, ScreenFilter } from '../../../lib/cinema-filters';

const PICKER_PAGE_SIZE = 20;

/** "Dear Odette · Mon, Dec 7, 7:00 PM · Marquee Saket · Screen 2 (IMAX)": every row says where, as staff choose by screen. */
export const labelOf = (show: AdminShowRow, timeZone: string | undefined) =>
  [show.movie.title, formatShowTime(show.showDateTime, show.cinema?.timeZone ?? timeZone), placeOf(show)].filter(Boolean).join(' · ');

/** The picker's filters: cinema, screen (of that cinema), a show date (on the theatre's clock) and part of a title. */
interface PickerFilters {
  cinemaId?: string;
  screenId?: string;
  date?: string;
  search: string;
}

/**
 * On Sale's show picker: the shows still open for sale (online sales not closed, not cancelled),
 * filtered by cinema, screen, date and movie and paged by the service; every row names its cinema and screen; the
 * chosen ones kept across pages and filters and listed above with a way to take each out. Targets are 24 px or more
 * (a row is a 44 px tap target).
 */
export function OnSaleShowPicker({
  chosen,
  onToggle,
  timeZone,
  cinemas,
}: {
  chosen: string[];
  onToggle: (showId: string) => void;
  timeZone: string | undefined;
  cinemas: readonly CinemaWithLayouts[] | undefined;
}) {
  const [filters, setFilters] = useState<PickerFilters>({ search: '' });
  const [page, setPage] = useState(1);
  // What each chosen show is called, from the page it was chosen on (the chosen ones may be on no page in view).
  const [labels, setLabels] = useState<Record<string, string>>({});
  const shows = useOnSaleShows({
    openForSale: 'true',
    pageSize: String(PICKER_PAGE_SIZE),
    page: String(page),
    q: filters.search.trim() || undefined,
    cinemaId: filters.cinemaId,
    screenId: filters.screenId,
    from: filters.date,
    to: filters.date,
  });
  const filter = (change: Partial<PickerFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const toggle = (show: AdminShowRow) => {
    setLabels((current) => ({ ...current, [show._id]: labelOf(show, timeZone) }));
    onToggle(show._id);
  };

  return (
    <fieldset className="admin__fieldset">
      <legend>Shows</legend>
      <ChosenShows chosen={chosen} labels={labels} onToggle={onToggle} />
      <PickerFilterControls cinemas={cinemas} filters={filters} onChange={filter} />
      {shows.isPending ? (
        <Skeleton height="6rem" />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : (
        <>
          {shows.data.shows.length === 0 && <p className="admin__muted">No show open for sale matches these filters.</p>}
          <ul className="admin__show-picks" aria-label="Shows open for sale">
            {shows.data.shows.map((show) => (
              <li key={show._id}>
                <label>
                  <input type="checkbox" value={show._id} checked={chosen.includes(show._id)} onChange={() => toggle(show)} />
                  <span>{labelOf(show, timeZone)}</span>
                  <span className="admin__muted">
                    {show.soldSeats} / {show.totalSeats} sold
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {/* The page the list shows (the answer's), not the one asked for: the two differ while the next one loads. */}
          <StaffPager
            className="admin__pager"
            label="Pages of shows"
            page={page}
            shownPage={shows.data.page}
            pageSize={PICKER_PAGE_SIZE}
            total={shows.data.total}
            noun="show"
            onPage={setPage}
          />
        </>
      )}
    </fieldset>
  );
}

function ChosenShows({ chosen, labels, onToggle }: { chosen: string[]; labels: Record<string, string>; onToggle: (showId: string) => void }) {
  if (chosen.length === 0) return null;
  return (
    <ul className="admin__chosen-shows" aria-label="Chosen shows">
      {chosen.map((showId) => (
        <li key={showId}>
          {labels[showId] ?? showId}
          <Button variant="ghost" onClick={() => onToggle(showId)}>
            Take out<span className="sr-only"> {labels[showId] ?? showId}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Cinema, screen, date and a title search; each named by its label's words alone (as the lists' filters). */
function PickerFilterControls({ cinemas, filters, onChange }: { cinemas: readonly CinemaWithLayouts[] | undefined; filters: PickerFilters; onChange: (change: Partial<PickerFilters>) => void }) {
  const searchId = useId();
  return (
    <div className="admin__filters admin__picker-filters">
      <CinemaFilter cinemas={cinemas} value={filters.cinemaId} onChange={(cinemaId) => onChange({ cinemaId, screenId: undefined })} />
      <ScreenFilter cinemas={cinemas} cinemaId={filters.cinemaId} value={filters.screenId} onChange={(screenId) => onChange({ screenId })} />
      <label>
        Show date
        <input type="date" aria-label="Show date" value={filters.date ?? ''} onChange={(e) => onChange({ date: e.target.value || undefined })} />
      </label>
      <label htmlFor={searchId}>
        Movie
        <input id={searchId} type="search" aria-label="Search shows by movie" value={filters.search} maxLength={100} onChange={(e) => onChange({ search: e.target.value })} />
      </label>
    </div>
  );
}

/** The live panel's list of the event's shows, read by id from the service (its movie and time each). */
export function OnSaleEventShows({ showIds, timeZone }: { showIds: string[]; timeZone: string | undefined }) {
  const shows = useOnSaleShows({ ids: showIds.join(','), pageSize: '50' });
  if (shows.isPending) return <Skeleton height="3rem" />;
  if (shows.isError) return <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />;
  return (
    <ul className="admin__event-shows" aria-label="Shows in this on-sale">
      {shows.data.shows.map((show) => (
        <li key={show._id}>{labelOf(show, timeZone)}</li>
      ))}
    </ul>
  );
}
