import type { TimelineEntryJson } from 'booking-service/contract';
import { ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useBookingHistory } from '../api/debug-bookings';

/** One entry: what happened, when on the show's cinema's clock (or that no time is kept), who did it, and the facts. */
function TimelineItem({ entry, timeZone }: { entry: TimelineEntryJson; timeZone: string | undefined }) {
  return (
    <li className={`debug__timeline-entry debug__timeline-entry--${entry.kind}`}>
      <strong>{entry.title}</strong>
      {entry.by && <> by {entry.by}</>} ·{' '}
      {entry.at ? <time dateTime={entry.at}>{formatShowTime(entry.at, timeZone)}</time> : <span className="debug__muted">time not recorded</span>}
      <br />
      <span className="debug__muted">{entry.detail}</span>
    </li>
  );
}

/**
 * The booking's one history: its state in the lists' words, then everything that happened to it, oldest
 * first, as the service tells it (created, held, paid, emails, door scans, cancellation, refund, support actions).
 */
export function BookingHistory({ bookingId, timeZone }: { bookingId: string; timeZone: string | undefined }) {
  const history = useBookingHistory(bookingId);
  if (history.isPending) return <Skeleton height="2rem" />;
  if (history.isError) return <ErrorState message="Failed to fetch the booking's history" onRetry={() => void history.refetch()} />;
  const { status, timeline } = history.data;
  return (
    <>
      <p>
        <strong>Now: {status.label}</strong>
        {status.detail && <span className="debug__muted"> · {status.detail}</span>}
      </p>
      <ol className="debug__history" aria-label="Timeline">
        {timeline.map((entry, index) => (
          <TimelineItem key={`${entry.kind}-${entry.at ?? 'untimed'}-${index}`} entry={entry} timeZone={timeZone} />
        ))}
      </ol>
    </>
  );
}
