import type { ScheduleClashJson } from 'booking-service/contract';
import { Button, formatShowTime } from 'shared-ui';
import { wallClockOf } from '../lib/clashes';

/**
 * Add Shows' clashes, beside the chosen times and before anything is added: each in the service's words
 * ("Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM"), with its next free start as a one-click
 * fix that moves that time there.
 */
export function ClashNotes({
  clashes,
  timeZone,
  onMove,
}: {
  clashes: readonly ScheduleClashJson[];
  timeZone: string;
  onMove: (from: { date: string; time: string }, to: { date: string; time: string }) => void;
}) {
  if (clashes.length === 0) return null;
  return (
    <div className="admin__clashes" role="alert">
      <h3>
        {clashes.length === 1 ? 'This time clashes' : `${clashes.length} times clash`} with the screen&apos;s schedule
      </h3>
      <ul aria-label="Clashes">
        {clashes.map((clash) => {
          const from = wallClockOf(clash.proposed.startsAt, timeZone);
          const to = wallClockOf(clash.nextFreeStart, timeZone);
          const next = formatShowTime(clash.nextFreeStart, timeZone);
          return (
            <li key={clash.proposed.startsAt}>
              <p>{clash.message}</p>
              <Button variant="secondary" onClick={() => onMove(from, to)}>
                Use {next} instead{' '}
                <span className="sr-only">of {formatShowTime(clash.proposed.startsAt, timeZone)}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
