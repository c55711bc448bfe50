import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'shared-ui';
import { useStaffApi } from 'shared-ui/staff';

/** Other doors admit all the time: the counts are read again this often while the dashboard is open. */
const REFRESH_MS = 10_000;
/**
 * A chain admits at every screen of every cinema at once (dozens of shows at an evening's peak): the first few are
 * listed and the rest behind "Show all", so the dashboard keeps its length on a phone at any hour.
 */
const FIRST_SHOWN = 6;

/**
 * "At the door": the shows admitting now at `cinemaId` (every cinema when none), each "n of m admitted", soonest first,
 * read again every ~10 s while the dashboard is open.
 */
export function DoorCounts({ cinemaId }: { cinemaId?: string }) {
  const api = useStaffApi();
  const [showAll, setShowAll] = useState(false);
  const counts = useQuery({
    queryKey: ['admin', 'check-in', 'admitting-now', cinemaId ?? 'all'],
    queryFn: () => api.admittingNow(cinemaId),
    refetchInterval: REFRESH_MS,
  });
  if (counts.isPending) return <p className="admin__muted">Counting…</p>;
  if (counts.isError) return <p className="admin__muted">Door counts unavailable: {counts.error.message}</p>;
  const shows = counts.data.shows;
  if (shows.length === 0) return <p className="admin__muted">No show is admitting now.</p>;
  const listed = showAll ? shows : shows.slice(0, FIRST_SHOWN);
  return (
    <>
      <ul className="admin__door-counts" aria-label="Admitted at the door">
        {listed.map((show) => (
          <li key={show.showId} className="admin__figure">
            <span>{show.movieTitle}, {show.showTime}</span>
            <strong>{show.admitted} of {show.sold} admitted</strong>
          </li>
        ))}
      </ul>
      {shows.length > FIRST_SHOWN && (
        <Button variant="secondary" className="admin__door-more" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer' : `Show all ${shows.length} shows admitting now`}
        </Button>
      )}
    </>
  );
}
