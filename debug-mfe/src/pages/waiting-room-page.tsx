import { useState, type FormEvent } from 'react';
import type { QueueEntryResponse } from 'booking-service/contract';
import { Button, EmptyState, ErrorState, formatShowTime, PageLayout, Skeleton } from 'shared-ui';
import { ConfirmActionDialog, notifyOutcome, OnSaleEventPicker, useChosenOnSaleEvent, useTheatreTimeZone } from 'shared-ui/staff';
import {
  useChangeQueueEntry,
  useQueueEntry,
  useSupportOnSaleEvents,
  useSupportOnSaleFigures,
  useWaitingRoomActions,
} from '../features/waiting-room/api/waiting-room-support';

const STATE_LABELS: Record<QueueEntryResponse['entry']['state'], string> = {
  'not-joined': 'Not joined',
  'pre-queue': 'In the pre-queue (before the draw)',
  waiting: 'Waiting',
  shopping: 'Shopping (admitted)',
  done: 'Window over',
  left: 'Left',
  removed: 'Removed by support',
};

/** Waiting room (issue 30): a moviegoer's place in an on-sale, the event's numbers, admit or remove, and who did what. */
export function WaitingRoomPage() {
  const events = useSupportOnSaleEvents();
  const [eventId, choose] = useChosenOnSaleEvent(events.data?.events);
  return (
    <PageLayout title="Waiting room">
      {events.isPending ? (
        <Skeleton height="8rem" />
      ) : events.isError ? (
        <ErrorState message={events.error.message} onRetry={() => void events.refetch()} />
      ) : events.data.events.length === 0 || eventId === null ? (
        <EmptyState title="No on-sale events" text="Theatre staff create them on the admin's On Sale page." />
      ) : (
        <>
          <div className="debug__search">
            <OnSaleEventPicker className="debug__search-field" events={events.data.events} value={eventId} onChange={choose} />
          </div>
          <EventNumbers eventId={eventId} />
          <PlaceLookup key={eventId} eventId={eventId} />
          <ActionLog eventId={eventId} />
        </>
      )}
    </PageLayout>
  );
}

function EventNumbers({ eventId }: { eventId: string }) {
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

function PlaceLookup({ eventId }: { eventId: string }) {
  const [input, setInput] = useState('');
  const [account, setAccount] = useState('');
  const entry = useQueueEntry(eventId, account);
  const change = useChangeQueueEntry(eventId);
  const timeZone = useTheatreTimeZone();
  const [confirming, setConfirming] = useState<'admit' | 'remove' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAccount(input.trim());
  };
  const confirm = (action: 'admit' | 'remove', accountId: string) =>
    change.mutate(
      { action, accountId },
      {
        onSuccess: () => {
          notifyOutcome('success', action === 'admit' ? 'Admitted: their shopping window has started' : 'Removed from the waiting room');
          setConfirming(null);
        },
        onError: (failure) => notifyOutcome('error', failure.message),
      },
    );

  const found = entry.data?.entry;
  return (
    <section aria-labelledby="place-lookup">
      <h2 id="place-lookup" className="debug__section-title">
        A moviegoer&apos;s place
      </h2>
      <form className="debug__search" onSubmit={submit} role="search" aria-label="Look up a place">
        <label className="debug__search-field">
          Email or account id
          <input value={input} maxLength={320} onChange={(e) => setInput(e.target.value)} />
        </label>
        <Button type="submit" variant="secondary">
          Look up
        </Button>
      </form>
      {/* A first look-up only: a refresh after an action keeps the entry (and the open dialog) on screen. */}
      {entry.isLoading && <Skeleton height="4rem" />}
      {entry.isError && <p role="alert">{entry.error.message}</p>}
      {found && (
        <>
          <dl className="debug__facts">
            <dt>Account</dt>
            <dd>
              <code>{found.accountId}</code>
            </dd>
            <dt>State</dt>
            <dd>{STATE_LABELS[found.state]}</dd>
            <dt>Place</dt>
            <dd>{found.place === null ? 'Not drawn yet' : `#${found.place}`}</dd>
            <dt>Position in line</dt>
            <dd>{found.position ?? '–'}</dd>
            <dt>Joined</dt>
            <dd>{formatShowTime(found.joinedAt, timeZone)}</dd>
            {found.windowEndsAt && (
              <>
                <dt>Window ends</dt>
                <dd>{formatShowTime(found.windowEndsAt, timeZone)}</dd>
              </>
            )}
          </dl>
          <div className="debug__actions">
            <Button disabled={found.state !== 'waiting' && found.state !== 'pre-queue'} onClick={() => setConfirming('admit')}>
              Admit now
            </Button>
            <Button variant="secondary" disabled={found.state === 'removed' || found.state === 'left'} onClick={() => setConfirming('remove')}>
              Remove
            </Button>
          </div>
          {confirming && (
            <ConfirmActionDialog
              title={confirming === 'admit' ? 'Admit this moviegoer now, out of turn?' : 'Remove this moviegoer from the waiting room?'}
              consequence={
                confirming === 'admit'
                  ? 'Their shopping window starts now, ahead of everyone waiting. This is recorded under your name.'
                  : 'They lose their place and cannot be admitted. This is recorded under your name.'
              }
              confirmLabel={confirming === 'admit' ? 'Admit' : 'Remove'}
              facts={[
                ['Account', found.accountId],
                ['State', STATE_LABELS[found.state]],
                ['Place', found.place === null ? 'Not drawn yet' : `#${found.place}`],
              ]}
              busy={change.isPending}
              onConfirm={() => confirm(confirming, found.accountId)}
              onCancel={() => setConfirming(null)}
            />
          )}
        </>
      )}
    </section>
  );
}

function ActionLog({ eventId }: { eventId: string }) {
  const actions = useWaitingRoomActions(eventId);
  const timeZone = useTheatreTimeZone();
  return (
    <section aria-labelledby="action-log">
      <h2 id="action-log" className="debug__section-title">
        Recorded actions
      </h2>
      {actions.isPending ? (
        <Skeleton height="4rem" />
      ) : actions.isError ? (
        <ErrorState message={actions.error.message} onRetry={() => void actions.refetch()} />
      ) : (
        <table className="staff-table">
          <caption className="sr-only">Staff and support actions on this event</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Moviegoer</th>
            </tr>
          </thead>
          <tbody>
            {actions.data.actions.map((a) => (
              <tr key={`${a.at}-${a.action}-${a.accountId ?? ''}`}>
                <td data-label="When">{formatShowTime(a.at, timeZone)}</td>
                {/* A service of the previous release gives account ids only. */}
                <td data-label="Who">{a.actorName ?? a.actor}</td>
                <td data-label="Action">{a.action}</td>
                <td data-label="Moviegoer">{a.accountId ? (a.accountName ?? a.accountId) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
