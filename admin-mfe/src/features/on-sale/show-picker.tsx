import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminShowRow, AdminShowsRequest } from 'booking-service/contract';
import { Button, ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useStaffApi } from 'shared-ui/staff';

/** GET /api/admin/shows as the picker and the live panel ask it (a title search and a page; an event's ids). */
function useShows(query: AdminShowsRequest) {
  const api = useStaffApi();
  return useQuery({ queryKey: ['admin', 'shows', query], queryFn: () => api.adminShows(query), placeholderData: keepPreviousData });
}

const PICKER_PAGE_SIZE = 20;

const labelOf = (show: AdminShowRow, timeZone: string | undefined) => `${show.movie.title} · ${formatShowTime(show.showDateTime, show.cinema?.timeZone ?? timeZone)}`;

/**
 * On Sale's show picker (issue 43, item 3): every upcoming show, searched by movie and paged by the service (the
 * shows a premiere is put on sale for are often the furthest out), the chosen ones kept across pages and searches
 * and listed above with a way to take each out.
 */
export function OnSaleShowPicker({ chosen, onToggle, timeZone }: { chosen: string[]; onToggle: (showId: string) => void; timeZone: string | undefined }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // What each chosen show is called, from the page it was chosen on (the chosen ones may be on no page in view).
  const [labels, setLabels] = useState<Record<string, string>>({});
  const shows = useShows({ pageSize: String(PICKER_PAGE_SIZE), page: String(page), q: search.trim() || undefined });
  const searchId = useId();
  const total = shows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));
  const toggle = (show: AdminShowRow) => {
    setLabels((current) => ({ ...current, [show._id]: labelOf(show, timeZone) }));
    onToggle(show._id);
  };

  return (
    <fieldset className="admin__fieldset">
      <legend>Shows</legend>
      {chosen.length > 0 && (
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
      )}
      <label htmlFor={searchId}>Search upcoming shows by movie</label>
      <input
        id={searchId}
        type="search"
        value={search}
        maxLength={100}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {shows.isPending ? (
        <Skeleton height="6rem" />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : (
        <>
          <ul className="admin__show-picks" aria-label="Upcoming shows">
            {shows.data.shows.map((show) => (
              <li key={show._id}>
                <label>
                  <input type="checkbox" value={show._id} checked={chosen.includes(show._id)} disabled={show.cancelled && !chosen.includes(show._id)} onChange={() => toggle(show)} />
                  {labelOf(show, timeZone)}
                  {show.cancelled && ' · cancelled'}
                </label>
              </li>
            ))}
          </ul>
          <nav className="admin__pager" aria-label="Pages of shows">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite">
              {/* The page the list shows (the answer's), not the one asked for: the two differ while the next one loads. */}
              Page {shows.data.page} of {pages} · {total} {total === 1 ? 'show' : 'shows'}
            </span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </fieldset>
  );
}

/** The live panel's list of the event's shows, read by id from the service (its movie and time each). */
export function OnSaleEventShows({ showIds, timeZone }: { showIds: string[]; timeZone: string | undefined }) {
  const shows = useShows({ ids: showIds.join(','), pageSize: '50' });
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
