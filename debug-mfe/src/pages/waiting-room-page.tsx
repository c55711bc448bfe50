import { EmptyState, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { OnSaleEventPicker, useChosenOnSaleEvent } from 'shared-ui/staff';
import { useSupportOnSaleEvents } from '../features/waiting-room/api/waiting-room-support';
import { ActionLog } from '../features/waiting-room/components/action-log';
import { EventNumbers } from '../features/waiting-room/components/event-numbers';
import { PlaceLookup } from '../features/waiting-room/components/place-lookup';

/** Waiting room: a moviegoer's place in an on-sale, the event's numbers, admit or remove, and who did what. */
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
          {/* A new event starts a new look-up. */}
          <PlaceLookup key={eventId} eventId={eventId} />
          <ActionLog eventId={eventId} />
        </>
      )}
    </PageLayout>
  );
}
