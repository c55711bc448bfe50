import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/** Other doors admit all the time: the counts are read again this often while the dashboard is open. */
const REFRESH_MS = 10_000;

/** "At the door": the shows admitting now, each "n of m admitted", read again every ~10 s while the dashboard is open. */
export function DoorCounts() {
  const api = useStaffApi();
  const counts = useQuery({ queryKey: ['admin', 'check-in', 'admitting-now'], queryFn: () => api.admittingNow(), refetchInterval: REFRESH_MS });
  if (counts.isPending) return <p className="admin__muted">Counting…</p>;
  if (counts.isError) return <p className="admin__muted">Door counts unavailable: {counts.error.message}</p>;
  if (counts.data.shows.length === 0) return <p className="admin__muted">No show is admitting now.</p>;
  return (
    <ul className="admin__door-counts" aria-label="Admitted at the door">
      {counts.data.shows.map((show) => (
        <li key={show.showId} className="admin__figure">
          <span>{show.movieTitle}, {show.showTime}</span>
          <strong>{show.admitted} of {show.sold} admitted</strong>
        </li>
      ))}
    </ul>
  );
}
