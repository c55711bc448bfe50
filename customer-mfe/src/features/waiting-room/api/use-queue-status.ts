import { useQuery } from '@tanstack/react-query';
import { useWaitingRoomApi } from './waiting-room-api';

/** How often the waiting page asks where the moviegoer stands: within the 5-10 s the issue asks, far inside its 20 s floor. */
const QUEUE_POLL_MS = 8000;
/** While shopping the window's end is known; the status is re-read only to notice support's actions and the window ending. */
const SHOPPING_POLL_MS = 20_000;

export const queueStatusQueryKey = (eventId: string) => ['waiting-room', eventId] as const;

/**
 * The moviegoer's place in an on-sale's waiting room, kept fresh by polling (`GET .../me`, which never writes).
 * With `join`, a moviegoer without a place takes one (`POST .../join`: an account has one place, so a refresh,
 * a second tab or another device finds the same one); without, it only reads (the seat page asking for the admission).
 */
export function useQueueStatus(eventId: string | null, { join, enabled }: { join: boolean; enabled: boolean }) {
  const api = useWaitingRoomApi();
  return useQuery({
    queryKey: queueStatusQueryKey(eventId ?? ''),
    enabled: enabled && eventId !== null,
    queryFn: async () => {
      const status = await api.me(eventId!);
      // Joining is limited per address; a refresh or a second tab finds the place with a read, not another join.
      return join && status.state === 'not-joined' ? api.join(eventId!) : status;
    },
    refetchInterval: (query) => (query.state.data?.state === 'shopping' ? SHOPPING_POLL_MS : QUEUE_POLL_MS),
    // A background tab keeps polling too: the place is the moviegoer's, and the poll costs the service no write.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: 2,
  });
}
