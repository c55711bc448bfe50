import { useState, type FormEvent } from 'react';
import { defaultShoppingCapacity, DEFAULT_WINDOW_MINUTES } from 'booking-service/sales';
import { Button, EmptyState, ErrorState, formatShowTime, PageLayout, Skeleton } from 'shared-ui';
import { notifyOutcome, OnSaleEventPicker, useChosenOnSaleEvent, useTheatreTimeZone } from 'shared-ui/staff';
import type { UnreadableOnSaleEvent } from 'booking-service/contract';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { CancelOnSaleButton } from '../features/on-sale/components/cancel-on-sale';
import { onSaleRequest, type OnSaleForm } from '../features/on-sale/lib/on-sale-form';
import { useCreateOnSale, useOnSaleEvents, useOnSaleFigures, usePauseOnSale } from '../features/on-sale/api/on-sale-events';
import { OnSaleEventShows, OnSaleShowPicker } from '../features/on-sale/components/show-picker';

const EMPTY_FORM: OnSaleForm = { name: '', showIds: [], onSaleAt: '', waitingRoom: true, capacity: '', windowMinutes: String(DEFAULT_WINDOW_MINUTES) };

/** On sale (issue 30): make shows an on-sale event, then watch it live and pause or resume its admissions. */
export function OnSalePage() {
  const events = useOnSaleEvents();
  const [eventId, choose] = useChosenOnSaleEvent(events.data?.events);

  return (
    <PageLayout title="On sale">
      <NewOnSale onCreated={choose} />
      <h2 className="admin__section-title">Live panel</h2>
      {events.isPending ? (
        <Skeleton height="8rem" />
      ) : events.isError ? (
        <ErrorState message={events.error.message} onRetry={() => void events.refetch()} />
      ) : (
        <>
          <UnreadableEvents events={events.data.unreadable} />
          {events.data.events.length === 0 ? (
            <EmptyState title="No on-sale events yet" text="Create one above." />
          ) : (
            <>
              <OnSaleEventPicker className="admin__field" events={events.data.events} value={eventId ?? ''} onChange={choose} />
              {eventId && <LivePanel eventId={eventId} />}
            </>
          )}
        </>
      )}
    </PageLayout>
  );
}

function NewOnSale({ onCreated }: { onCreated: (eventId: string) => void }) {
  const [form, setForm] = useState<OnSaleForm>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const timeZone = useTheatreTimeZone();
  const cinemas = useAdminCinemas().data?.cinemas;
  const create = useCreateOnSale();
  const change = (values: Partial<OnSaleForm>) => {
    setForm((current) => ({ ...current, ...values }));
    setError(null);
  };
  const toggleShow = (showId: string) =>
    change({ showIds: form.showIds.includes(showId) ? form.showIds.filter((s) => s !== showId) : [...form.showIds, showId] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = onSaleRequest(form, new Date(), timeZone);
    if ('error' in request) return setError(request.error);
    create.mutate(request, {
      onSuccess: (answer) => {
        notifyOutcome('success', `${answer.event.name} goes on sale ${formatShowTime(answer.event.onSaleAt, timeZone)}`);
        setForm(EMPTY_FORM);
        onCreated(answer.event.id);
      },
      onError: (failure) => notifyOutcome('error', failure.message),
    });
  };

  return (
    <form className="admin__form" onSubmit={submit} aria-labelledby="new-on-sale" noValidate>
      <h2 id="new-on-sale" className="admin__section-title">
        New on-sale
      </h2>
      <label htmlFor="on-sale-name">Name</label>
      <input id="on-sale-name" value={form.name} maxLength={120} onChange={(e) => change({ name: e.target.value })} />
      <OnSaleShowPicker chosen={form.showIds} onToggle={toggleShow} timeZone={timeZone} cinemas={cinemas} />
      <label htmlFor="on-sale-at">On-sale time</label>
      <p className="admin__muted" id="on-sale-at-hint">
        In the theatre&apos;s time{timeZone && ` (${timeZone})`}
      </p>
      <input id="on-sale-at" type="datetime-local" step={1} aria-describedby="on-sale-at-hint" value={form.onSaleAt} onChange={(e) => change({ onSaleAt: e.target.value })} />
      <label className="admin__check">
        <input type="checkbox" checked={form.waitingRoom} onChange={(e) => change({ waitingRoom: e.target.checked })} />
        Waiting room on
      </label>
      <label htmlFor="on-sale-capacity">Shopping at once</label>
      <p className="admin__muted" id="on-sale-capacity-hint">
        Default {defaultShoppingCapacity(Math.max(1, form.showIds.length))}: a quarter of the seats of the chosen shows
      </p>
      <input
        id="on-sale-capacity"
        inputMode="numeric"
        placeholder={String(defaultShoppingCapacity(Math.max(1, form.showIds.length)))}
        aria-describedby="on-sale-capacity-hint"
        value={form.capacity}
        onChange={(e) => change({ capacity: e.target.value })}
      />
      <label htmlFor="on-sale-window">Shopping window (minutes)</label>
      <input id="on-sale-window" inputMode="numeric" value={form.windowMinutes} onChange={(e) => change({ windowMinutes: e.target.value })} />
      {error && (
        <p className="admin__field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" aria-busy={create.isPending || undefined}>
        Create on-sale
      </Button>
    </form>
  );
}

/** Stored events no page can show (issue 38): their shows stay closed until staff cancel them. */
function UnreadableEvents({ events }: { events: readonly UnreadableOnSaleEvent[] }) {
  if (events.length === 0) return null;
  return (
    <ul className="admin__unreadable" aria-label="On-sale events that cannot be shown">
      {events.map((event) => (
        <li key={event.id} role="alert">
          <p>
            <strong>{event.name}</strong> cannot be shown: {event.problem}. Its {event.showIds.length === 1 ? 'show is' : `${event.showIds.length} shows are`} not sold until you cancel it.
          </p>
          <CancelOnSaleButton eventId={event.id} name={event.name} facts={[['Problem', event.problem]]} />
        </li>
      ))}
    </ul>
  );
}

function LivePanel({ eventId }: { eventId: string }) {
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
    </section>
  );
}
