import { useState } from 'react';
import type { QueueEntryResponse } from 'booking-service/contract';
import { Button, formatShowTime } from 'shared-ui';
import { ConfirmActionDialog, notifyOutcome, useTheatreTimeZone } from 'shared-ui/staff';
import { useChangeQueueEntry } from '../api/waiting-room-support';
import { STATE_LABELS } from '../lib/queue-entry-states';

/** A found place: its facts, and admitting or removing the moviegoer, each confirmed first and recorded. */
export function QueueEntry({ entry, eventId }: { entry: QueueEntryResponse['entry']; eventId: string }) {
  const change = useChangeQueueEntry(eventId);
  const timeZone = useTheatreTimeZone();
  const [confirming, setConfirming] = useState<'admit' | 'remove' | null>(null);
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

  return (
    <>
      <dl className="debug__facts">
        <dt>Account</dt>
        <dd>
          <code>{entry.accountId}</code>
        </dd>
        <dt>State</dt>
        <dd>{STATE_LABELS[entry.state]}</dd>
        <dt>Place</dt>
        <dd>{entry.place === null ? 'Not drawn yet' : `#${entry.place}`}</dd>
        <dt>Position in line</dt>
        <dd>{entry.position ?? '–'}</dd>
        <dt>Joined</dt>
        <dd>{formatShowTime(entry.joinedAt, timeZone)}</dd>
        {entry.windowEndsAt && (
          <>
            <dt>Window ends</dt>
            <dd>{formatShowTime(entry.windowEndsAt, timeZone)}</dd>
          </>
        )}
      </dl>
      <div className="debug__actions">
        <Button disabled={entry.state !== 'waiting' && entry.state !== 'pre-queue'} onClick={() => setConfirming('admit')}>
          Admit now
        </Button>
        <Button variant="secondary" disabled={entry.state === 'removed' || entry.state === 'left'} onClick={() => setConfirming('remove')}>
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
            ['Account', entry.accountId],
            ['State', STATE_LABELS[entry.state]],
            ['Place', entry.place === null ? 'Not drawn yet' : `#${entry.place}`],
          ]}
          busy={change.isPending}
          onConfirm={() => confirm(confirming, entry.accountId)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
