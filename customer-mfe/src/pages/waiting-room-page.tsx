import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueStatusResponse } from 'booking-service/contract';
import { Button, buttonClass, ErrorState, formatShowTime, PageLayout, Skeleton } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { useTheatreTimeZone } from '../features/config/api/get-public-config';
import { keepPlaceToken, placeTokenOf } from '../features/waiting-room/api/place-tokens';
import { queueStatusQueryKey, useQueueStatus } from '../features/waiting-room/api/use-queue-status';
import { DRAW_JITTER_MS, shownStatus, useQueueStream } from '../features/waiting-room/api/use-queue-stream';
import { useWaitingRoomApi } from '../features/waiting-room/api/waiting-room-api';
import { formatWait, positionAnnouncement } from '../features/waiting-room/lib/announcement';
import { seatPagePath } from '../features/waiting-room/lib/seat-page-path';
import { formatCountdown } from '../lib/hold';
import { useNow } from '../lib/use-now';
import { useOpenAtHeading } from '../lib/use-open-at-heading';
import '../features/waiting-room/waiting-room.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An on-sale's waiting room (issue 30), shown by the seat page when its address names the event
 * (`?queue=<event id>`, see waitingRoomPath): the seat page without it is where the turn leads.
 */
export function WaitingRoomPage({ eventId }: { eventId: string }) {
  const api = useWaitingRoomApi();
  const event = useQuery({ queryKey: ['waiting-room-event', eventId], queryFn: () => api.event(eventId), enabled: UUID.test(eventId) });
  const page = useOpenAtHeading<HTMLDivElement>(event.isSuccess);
  if (!UUID.test(eventId)) return <ErrorState title="Waiting room not found" message="This link does not lead to an on-sale." />;
  if (event.isPending) return <Skeleton height="16rem" />;
  if (event.isError) return <ErrorState title="Waiting room unavailable" message={event.error.message} onRetry={() => void event.refetch()} />;
  return (
    <div ref={page}>
      <PageLayout title={`Waiting room: ${event.data.event.name}`}>
        <SignInGate title="Sign in to join the waiting room" text="Your place is kept with your account: a refresh, another tab or another device keeps it.">
          <Queue eventId={eventId} />
        </SignInGate>
      </PageLayout>
    </div>
  );
}

function Queue({ eventId }: { eventId: string }) {
  const [inLine, setInLine] = useState(true);
  // A refresh has its token already: the stream opens with it at once, not again once the first answer comes.
  const [hasPlaceToken, setHasPlaceToken] = useState(() => placeTokenOf(eventId) !== null);
  const stream = useQueueStream(eventId, inLine, hasPlaceToken);
  const status = useQueueStatus(eventId, { join: true, enabled: true, streamOpen: stream.open });
  const shown = useMemo(
    () => (status.data ? shownStatus(status.data, status.dataUpdatedAt, stream.news) : undefined),
    [status.data, status.dataUpdatedAt, stream.news],
  );
  const state = status.data?.state;
  // The stream serves those still in line; a turn, or a place given up, needs it no more.
  useEffect(() => setInLine(state === undefined || state === 'pre-queue' || state === 'waiting'), [state]);
  const placeToken = status.data?.placeToken;
  useEffect(() => {
    if (placeToken !== undefined) setHasPlaceToken(placeToken !== null);
  }, [placeToken]);
  const [params] = useSearchParams();
  const back = seatPagePath(useLocation().pathname, params);
  const now = useNow(true);
  const { timeZone } = useTheatreTimeZone();
  const api = useWaitingRoomApi();
  const queryClient = useQueryClient();
  const [keepWaiting, setKeepWaiting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const announcement = useAnnouncement(shown);

  const onSaleAt = status.data ? Date.parse(status.data.event.onSaleAt) : null;
  const opened = onSaleAt !== null && now >= onSaleAt;
  const preQueue = status.data?.state === 'pre-queue';
  // The draw happens at the on-sale time. The stream brings the place with it; without the stream, ask just
  // after it rather than at the next poll, each page at its own moment (the whole pre-queue reaches this
  // second together). `refetch` is stable, unlike the query's result: the timer is set once, not again (with
  // a new spread) at every second's render of the countdown, which would keep it from ever firing.
  const { refetch } = status;
  const streamOpen = stream.open;
  useEffect(() => {
    if (!preQueue || onSaleAt === null || streamOpen) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, onSaleAt - Date.now()) + 1500 + Math.random() * DRAW_JITTER_MS);
    return () => clearTimeout(timer);
  }, [preQueue, onSaleAt, refetch, streamOpen]);

  if (status.isPending) return <Skeleton height="12rem" />;
  if (status.isError) return <ErrorState title="Could not reach the waiting room" message={status.error.message} onRetry={() => void status.refetch()} />;
  const s = shown ?? status.data;

  const leave = async () => {
    setLeaving(true);
    try {
      const left = await api.leave(eventId);
      keepPlaceToken(eventId, left.placeToken);
      queryClient.setQueryData(queueStatusQueryKey(eventId), left);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className="c-queue">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {s.state === 'pre-queue' && (
        <section className="c-queue__card" aria-labelledby="queue-state">
          <h2 id="queue-state">You are in the waiting room</h2>
          <p className="c-queue__big" role="timer" aria-label="Time until the sale opens">
            {opened ? 'Opening…' : formatCountdown((onSaleAt ?? now) - now)}
          </p>
          <p className="c-muted">
            The sale opens at {formatShowTime(s.event.onSaleAt, timeZone)}. Then everyone here gets a place in a random order, so there is no need to
            arrive at the exact minute. Keep this page open.
          </p>
        </section>
      )}
      {s.state === 'waiting' && (
        <section className="c-queue__card" aria-labelledby="queue-state">
          <h2 id="queue-state">You are in line</h2>
          <dl className="c-queue__figures">
            <div>
              <dt>Position in line</dt>
              <dd className="c-queue__big">{s.position ?? '…'}</dd>
            </div>
            <div>
              <dt>Estimated wait</dt>
              <dd>{s.estimatedWaitSeconds === null ? 'Working it out…' : formatWait(s.estimatedWaitSeconds)}</dd>
            </div>
            <div>
              <dt>Your place number</dt>
              <dd>#{s.place}</dd>
            </div>
          </dl>
          <p className="c-muted">This page updates by itself. A refresh or another tab keeps your place.</p>
        </section>
      )}
      {s.state === 'shopping' && s.windowEndsAt && (
        <section className="c-queue__card c-queue__card--go" aria-labelledby="queue-state">
          <h2 id="queue-state">It is your turn</h2>
          <p className="c-queue__big" role="timer" aria-label="Shopping time left">
            {formatCountdown(Math.max(0, Date.parse(s.windowEndsAt) - now))}
          </p>
          <p className="c-muted">left to choose your seats and book them. Paying for a booking ends your turn.</p>
          <Link className={buttonClass('primary')} to={back}>
            Choose your seats
          </Link>
        </section>
      )}
      {s.state === 'done' && <Ended title="Your shopping time is over" text="Your turn in this on-sale has ended." />}
      {s.state === 'left' && <Ended title="You left the waiting room" text="Your place was given to the next in line." />}
      {s.state === 'removed' && <Ended title="Your place was removed" text="Support removed your place in this waiting room. Contact support if this is a mistake." />}

      {(s.state === 'waiting' || s.state === 'pre-queue') && s.event.soldOut && (
        <section className="c-queue__card c-queue__card--warn" aria-labelledby="sold-out">
          <h2 id="sold-out">Sold out for now</h2>
          <p className="c-muted">
            Every seat is sold or held. Seats held but not paid for come back when their hold ends: you can keep your place and we will tell you here.
          </p>
          {!keepWaiting && (
            <div className="c-queue__actions">
              <Button onClick={() => setKeepWaiting(true)}>Keep waiting for returned seats</Button>
            </div>
          )}
          {keepWaiting && <p className="c-muted">You are waiting for returned seats.</p>}
        </section>
      )}
      {(s.state === 'waiting' || s.state === 'pre-queue' || s.state === 'shopping') && (
        <div className="c-queue__actions">
          <Button variant="ghost" onClick={() => void leave()} aria-busy={leaving || undefined}>
            Leave the waiting room
          </Button>
        </div>
      )}
    </div>
  );
}

function Ended({ title, text }: { title: string; text: string }) {
  return (
    <section className="c-queue__card" aria-labelledby="queue-state">
      <h2 id="queue-state">{title}</h2>
      <p className="c-muted">{text}</p>
      <Link className={buttonClass('secondary')} to="/movies">
        Browse movies
      </Link>
    </section>
  );
}

/**
 * The polite live region's sentence: the position when it has moved meaningfully (positionAnnouncement),
 * the turn, sold out and seats coming back. A poll that changes nothing says nothing.
 */
function useAnnouncement(status: QueueStatusResponse | undefined): string {
  const [text, setText] = useState('');
  const lastPosition = useRef<number | null>(null);
  const last = useRef<{ state: string; soldOut: boolean } | null>(null);
  useEffect(() => {
    if (!status) return;
    const before = last.current;
    last.current = { state: status.state, soldOut: status.event.soldOut };
    if (status.state === 'shopping' && before?.state !== 'shopping') return setText('It is your turn: choose your seats.');
    if (status.event.soldOut && !before?.soldOut) return setText('Sold out for now. You can keep waiting for returned seats.');
    if (!status.event.soldOut && before?.soldOut) return setText('Seats are available again.');
    if (status.state === 'waiting' && status.position !== null) {
      const said = positionAnnouncement(lastPosition.current, status.position);
      if (said) {
        lastPosition.current = status.position;
        setText(said);
      }
    }
  }, [status]);
  return text;
}
