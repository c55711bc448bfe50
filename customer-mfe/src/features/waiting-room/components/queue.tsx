import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button, ErrorState, Skeleton } from 'shared-ui';
import { useNow } from '../../../lib/use-now';
import { useTheatreTimeZone } from '../../../lib/public-config';
import { useAnnouncement } from '../hooks/use-announcement';
import { useLeaveQueue } from '../hooks/use-leave-queue';
import { useQueue } from '../hooks/use-queue';
import { seatPagePath } from '../lib/seat-page-path';
import { InLineCard, PreQueueCard, QueueEnded, SoldOutCard, TurnCard } from './queue-cards';

/** The moviegoer's place in the waiting room, from before the sale opens to the end of their turn. */
export function Queue({ eventId }: { eventId: string }) {
  const { status, shown, onSaleAt } = useQueue(eventId);
  const [params] = useSearchParams();
  const back = seatPagePath(useLocation().pathname, params);
  const now = useNow(true);
  const { timeZone } = useTheatreTimeZone();
  const { leave, leaving } = useLeaveQueue(eventId);
  const [keepWaiting, setKeepWaiting] = useState(false);
  const announcement = useAnnouncement(shown);

  if (status.isPending) return <Skeleton height="12rem" />;
  if (status.isError) return <ErrorState title="Could not reach the waiting room" message={status.error.message} onRetry={() => void status.refetch()} />;
  const s = shown ?? status.data;
  const inLine = s.state === 'waiting' || s.state === 'pre-queue';

  return (
    <div className="c-queue">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {s.state === 'pre-queue' && <PreQueueCard onSaleAt={s.event.onSaleAt} opensIn={onSaleAt === null ? null : onSaleAt - now} timeZone={timeZone} />}
      {s.state === 'waiting' && <InLineCard status={s} />}
      {s.state === 'shopping' && s.windowEndsAt && <TurnCard timeLeft={Math.max(0, Date.parse(s.windowEndsAt) - now)} seatPage={back} />}
      {s.state === 'done' && <QueueEnded title="Your shopping time is over" text="Your turn in this on-sale has ended." />}
      {s.state === 'left' && <QueueEnded title="You left the waiting room" text="Your place was given to the next in line." />}
      {s.state === 'removed' && <QueueEnded title="Your place was removed" text="Support removed your place in this waiting room. Contact support if this is a mistake." />}

      {inLine && s.event.soldOut && <SoldOutCard keepWaiting={keepWaiting} onKeepWaiting={() => setKeepWaiting(true)} />}
      {(inLine || s.state === 'shopping') && (
        <div className="c-queue__actions">
          <Button variant="ghost" onClick={() => void leave()} aria-busy={leaving || undefined}>
            Leave the waiting room
          </Button>
        </div>
      )}
    </div>
  );
}
