import { ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useTheatreTimeZone } from 'shared-ui/staff';
import { useSupportOnSaleFigures } from '../api/waiting-room-support';

/** The event's numbers, kept fresh: its queue's sizes, admissions in the last minute, seats left. */
export function EventNumbers({ eventId }: { eventId: string }) {
  const figures = useSupportOnSaleFigures(eventId);
  const timeZone = useTheatreTimeZone();
  if (figures.isPending) return <Skeleton height="6rem" />;
  if (figures.isError) return <ErrorState message={figures.error.message} onRetry={() => void figures.refetch()} />;
  const { event, figures: f } = figures.data;
  return (
    <section aria-labelledby="event-numbers">
      <h2 id="event-numbers" className="debug__section-title">
        {event.name}
      </h2>
      <p className="debug__muted">
        On sale {formatShowTime(event.onSaleAt, timeZone)} · {event.shoppingCapacity} shopping at once · admissions {event.paused ? 'paused' : 'running'}
      </p>
      <dl className="debug__facts">
        <dt>In the pre-queue</dt>
        <dd>{f.preQueue}</dd>
        <dt>Waiting</dt>
        <dd>{f.waiting}</dd>
        <dt>Shopping</dt>
        <dd>{f.shopping}</dd>
        <dt>Admitted in the last minute</dt>
        <dd>{f.admittedLastMinute}</dd>
        <dt>Seats left</dt>
        <dd>
          {f.seatsLeft} / {f.seats}
          {event.soldOut && ' (sold out)'}
        </dd>
      </dl>
    </section>
  );
}
