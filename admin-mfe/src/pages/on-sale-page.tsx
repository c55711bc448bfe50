import { EmptyState, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { OnSaleEventPicker, useChosenOnSaleEvent } from 'shared-ui/staff';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { useOnSaleEvents } from '../features/on-sale/api/on-sale-events';
import { LivePanel } from '../features/on-sale/components/live-panel';
import { NewOnSaleForm } from '../features/on-sale/components/new-on-sale-form';
import { UnreadableEvents } from '../features/on-sale/components/unreadable-events';

/** On sale: make shows an on-sale event, then watch it live and pause or resume its admissions. */
export function OnSalePage() {
  const events = useOnSaleEvents();
  const [eventId, choose] = useChosenOnSaleEvent(events.data?.events);
  const cinemas = useAdminCinemas().data?.cinemas;

  return (
    <PageLayout title="On sale">
      <NewOnSaleForm cinemas={cinemas} onCreated={choose} />
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
