import { useState } from 'react';
import { Button, ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { notifyOutcome, useTheatreTimeZone } from 'shared-ui/staff';
import { useOnSaleFigures, usePauseOnSale } from '../api/on-sale-events';
import { CancelOnSaleButton } from './cancel-on-sale';
import { controlsSummary, DayControls } from './day-controls';
import { OnSaleEventShows } from './show-picker';

/** An event watched live: its settings, its shows, the queue's figures, pause or resume, the day's controls, cancel before it opens. */
export function LivePanel({ eventId }: { eventId: string }) {
  const [live, setLive] = useState(true);
  const figures = useOnSaleFigures(eventId, live);
  const pause = usePauseOnSale();
  const timeZone = useTheatreTimeZone();
  if (figures.isPending) return <Skeleton height="8rem" />;
  if (figures.isError) return <ErrorState message={figures.error.message} onRetry={() => void figures.refetch()} />;
  const { event, figures: f } = figures.data;
  const setPaused = (paused: boolean) =>
    pause.mutate(
      { eventId, paused },
      {
        onSuccess: () => {
          notifyOutcome('success', paused ? 'Admissions paused: those shopping go on, nobody new is let in' : 'Admissions resumed');
          void figures.refetch();
        },
        onError: (failure) => notifyOutcome('error', failure.message),
      },
    );

  return (
    <section aria-label={`Live panel: ${event.name}`} className="admin__live">
      <p className="admin__muted">
        On sale {formatShowTime(event.onSaleAt, timeZone)} · waiting room {event.waitingRoom ? 'on' : 'off'} · {event.shoppingCapacity} shopping at once ·{' '}
        {event.windowMinutes} min window · admissions {event.paused ? 'paused' : 'running'}
        {event.soldOut && ' · sold out'}
        {controlsSummary(event)}
      </p>
      <h3 className="admin__subtitle">Shows in this on-sale</h3>
      <OnSaleEventShows showIds={event.showIds} timeZone={timeZone} />
      <dl className="admin__figures">
        {(
          [
            ['In the pre-queue', f.preQueue],
            ['Waiting', f.waiting],
            ['Shopping', f.shopping],
            ['Admitted in the last minute', f.admittedLastMinute],
            ['Seats left', `${f.seatsLeft} / ${f.seats}`],
            ['Sold out', event.soldOut ? 'Yes' : 'No'],
          ] as const
        ).map(([label, value]) => (
          <div className="admin__figure" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin__actions">
        {event.paused ? (
          <Button onClick={() => setPaused(false)} aria-busy={pause.isPending || undefined}>
            Resume admissions
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setPaused(true)} aria-busy={pause.isPending || undefined}>
            Pause admissions
          </Button>
        )}
        {Date.parse(event.onSaleAt) > Date.now() && (
          <CancelOnSaleButton
            eventId={event.id}
            name={event.name}
            facts={[
              ['On sale', formatShowTime(event.onSaleAt, timeZone)],
              ['Shows', event.showIds.length],
              ['In the pre-queue', f.preQueue],
            ]}
          />
        )}
        <Button variant="ghost" onClick={() => setLive(!live)} aria-pressed={!live}>
          {live ? 'Stop updating' : 'Update live'}
        </Button>
        <span className="admin__muted" aria-live="off">
          {live ? `Updates every few seconds · last ${new Date(figures.dataUpdatedAt).toLocaleTimeString()}` : 'Not updating'}
        </span>
      </div>
      <DayControls event={event} onChanged={() => void figures.refetch()} />
    </section>
  );
}
