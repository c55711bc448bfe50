import { useQuery } from '@tanstack/react-query';
import { ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { SignInGate } from '../../../components/sign-in-prompt';
import { useOpenAtHeading } from '../../../lib/use-open-at-heading';
import { useWaitingRoomApi } from '../api/waiting-room-api';
import { Queue } from './queue';
import '../waiting-room.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An on-sale's waiting room, shown by the seat page when its address names the event
 * (`?queue=<event id>`, see waitingRoomPath): the seat page without it is where the turn leads.
 */
export function WaitingRoom({ eventId }: { eventId: string }) {
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
