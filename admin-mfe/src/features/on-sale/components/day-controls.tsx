import { useState } from 'react';
import type { OnSaleControlsBody, OnSaleEvent } from 'booking-service/contract';
import { QUEUE_POLL_SECONDS } from 'booking-service/sales';
import { Button } from 'shared-ui';
import { ConfirmActionDialog, FilterSelect, notifyOutcome } from 'shared-ui/staff';
import { useOnSaleControls } from '../api/on-sale-events';

/** The poll intervals staff may choose: the page's own, then longer ones that spread a crowd's polls. */
const POLL_CHOICES = [QUEUE_POLL_SECONDS, 15, 30, 60, 120].map((seconds) => [String(seconds), seconds === QUEUE_POLL_SECONDS ? `${seconds} s (normal)` : `${seconds} s`] as const);

/** The choices, with the event's own interval among them (one set through the API may be none of them). */
const pollChoicesWith = (seconds: number) => (POLL_CHOICES.some(([value]) => value === String(seconds)) ? POLL_CHOICES : [...POLL_CHOICES, [String(seconds), `${seconds} s`] as const]);

/** What each change means for moviegoers, said back to staff once every instance will obey it (within a second). */
function outcomeOf(controls: OnSaleControlsBody): string {
  if (controls.waitingRoom === true) return 'Everyone queues: new visitors join the waiting room and are let in at its pace';
  if (controls.waitingRoom === false) return 'The waiting room is off: whoever comes books directly';
  if (controls.salesClosed === true) return 'Sales stopped: nobody can hold seats; places and shopping windows are kept';
  if (controls.salesClosed === false) return 'Sales reopened';
  if (controls.streamsOff === true) return 'Live updates off: pages check by themselves';
  if (controls.streamsOff === false) return 'Live updates on';
  return `Waiting pages now ask every ${controls.pollEverySeconds} s`;
}

/** How the event's controls stand, for the panel's summary line ("" when all are as normal). */
export function controlsSummary(event: OnSaleEvent): string {
  return [
    event.salesClosed && 'sales stopped',
    event.streamsOff && 'live updates off',
    event.pollEverySeconds !== QUEUE_POLL_SECONDS && `pages ask every ${event.pollEverySeconds} s`,
  ]
    .filter(Boolean)
    .map((part) => ` · ${part}`)
    .join('');
}

/**
 * The day's controls of an event (issue 56): queue everyone (or turn the waiting room off, after a confirmation), stop seat holds for a moment, turn the live streams off (pages poll),
 * stretch the waiting pages' poll interval. Each takes effect on every instance within a second.
 */
export function DayControls({ event, onChanged }: { event: OnSaleEvent; onChanged: () => void }) {
  const change = useOnSaleControls();
  const [confirmingQueueOff, setConfirmingQueueOff] = useState(false);
  const set = (controls: OnSaleControlsBody) =>
    change.mutate(
      { eventId: event.id, controls },
      {
        onSuccess: () => {
          setConfirmingQueueOff(false);
          notifyOutcome('success', outcomeOf(controls));
          onChanged();
        },
        onError: (failure) => {
          setConfirmingQueueOff(false);
          notifyOutcome('error', failure.message);
        },
      },
    );
  const busy = change.isPending || undefined;

  return (
    <fieldset className="admin__fieldset">
      <legend>Controls for the day</legend>
      <div className="admin__actions">
        {event.waitingRoom ? (
          <Button variant="secondary" className="staff__danger" onClick={() => setConfirmingQueueOff(true)} aria-busy={busy}>
            Turn the waiting room off
          </Button>
        ) : (
          <Button onClick={() => set({ waitingRoom: true })} aria-busy={busy}>
            Queue everyone
          </Button>
        )}
        <Button variant={event.salesClosed ? 'primary' : 'secondary'} onClick={() => set({ salesClosed: !event.salesClosed })} aria-busy={busy}>
          {event.salesClosed ? 'Reopen sales' : 'Stop sales'}
        </Button>
        <Button variant={event.streamsOff ? 'primary' : 'secondary'} onClick={() => set({ streamsOff: !event.streamsOff })} aria-busy={busy}>
          {event.streamsOff ? 'Turn live updates on' : 'Turn live updates off'}
        </Button>
        <FilterSelect
          label="Waiting pages ask every"
          options={pollChoicesWith(event.pollEverySeconds)}
          value={String(event.pollEverySeconds)}
          onChange={(seconds) => set({ pollEverySeconds: Number(seconds) })}
        />
      </div>
      {confirmingQueueOff && (
        <ConfirmActionDialog
          title={`Turn off the waiting room of "${event.name}"?`}
          consequence="Whoever comes books directly, at once: the queue's order no longer counts, and everyone waiting can book without their turn."
          confirmLabel="Turn the waiting room off"
          dismissLabel="Keep the queue"
          facts={[['Event', event.name]]}
          busy={change.isPending}
          destructive
          onConfirm={() => set({ waitingRoom: false })}
          onCancel={() => setConfirmingQueueOff(false)}
        />
      )}
    </fieldset>
  );
}
