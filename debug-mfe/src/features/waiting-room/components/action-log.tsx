import type { WaitingRoomActionsResponse } from 'booking-service/contract';
import { ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { StaffTable, useTheatreTimeZone, type StaffColumn } from 'shared-ui/staff';
import { useWaitingRoomActions } from '../api/waiting-room-support';

type RecordedAction = WaitingRoomActionsResponse['actions'][number];

const actionColumns = (timeZone: string | undefined): StaffColumn<RecordedAction>[] => [
  { heading: 'When', cell: (a) => formatShowTime(a.at, timeZone) },
  // A service of the previous release gives account ids only.
  { heading: 'Who', cell: (a) => a.actorName ?? a.actor },
  { heading: 'Action', cell: (a) => a.action },
  { heading: 'Moviegoer', cell: (a) => (a.accountId ? (a.accountName ?? a.accountId) : '–') },
];

/** Who did what to the event (staff's pauses, support's admissions and removals), each with when. */
export function ActionLog({ eventId }: { eventId: string }) {
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
        <StaffTable
          caption="Staff and support actions on this event"
          columns={actionColumns(timeZone)}
          rows={actions.data.actions}
          rowKey={(a) => `${a.at}-${a.action}-${a.accountId ?? ''}`}
        />
      )}
    </section>
  );
}
