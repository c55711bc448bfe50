import { ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useBookingHistory } from '../api/debug-bookings';

const ACTION_NAMES = { 'mark-paid': 'Mark as Paid', 'fix-payment': 'Fix Payment' } as const;

/** The support actions taken on a booking, oldest first: what, who, when, and what came of it. */
export function BookingHistory({ bookingId, timeZone }: { bookingId: string; timeZone: string | undefined }) {
  const history = useBookingHistory(bookingId);
  if (history.isPending) return <Skeleton height="2rem" />;
  if (history.isError) return <ErrorState message="Failed to fetch the booking's history" onRetry={() => void history.refetch()} />;
  if (history.data.actions.length === 0) return <p className="debug__muted">No support action yet.</p>;
  return (
    <ol className="debug__history">
      {history.data.actions.map((action) => (
        <li key={action.id}>
          <strong>{ACTION_NAMES[action.kind]}</strong> by {action.actorEmail} · <time dateTime={action.createdAt}>{formatShowTime(action.createdAt, timeZone)}</time>
          <br />
          <span className="debug__muted">{action.message}</span>
        </li>
      ))}
    </ol>
  );
}
