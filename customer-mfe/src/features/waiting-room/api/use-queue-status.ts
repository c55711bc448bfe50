import { useQuery } from '@tanstack/react-query';
import type { QueueStatusResponse } from 'booking-service/contract';
import { QUEUE_POLL_SECONDS } from 'booking-service/sales';

import { keepPlaceToken, placeTokenOf } from './place-tokens';
import { useWaitingRoomApi } from './waiting-room-api';

/**
 * With the queue stream open, or while shopping (the window's end is known), the status is re-read only as
 * a safety net: to notice support's actions and the window ending.
 */
const SAFETY_POLL_MS = 20_000;

/**
 * How often the waiting page asks where the moviegoer stands without the queue stream: the event's interval, 8 s
 * (within the 5-10 s the issue asks, far inside its 20 s floor) unless staff stretched it for the day; a service from
 * before the day's controls sends none.
 */
export function pollIntervalMs(status: QueueStatusResponse | undefined): number {
  return ((status?.event as Partial<QueueStatusResponse['event']> | undefined)?.pollEverySeconds ?? QUEUE_POLL_SECONDS) * 1000;
}

export const queueStatusQueryKey = (eventId: string) => ['waiting-room', eventId] as const;

/**
 * The moviegoer's place in an on-sale's waiting room, kept fresh by polling (`GET .../me`, with the place
 * token of the last answer, so the service answers it without its database until the turn comes).
 * With `join`, a moviegoer without a place takes one (`POST .../join`: an account has one place, so a refresh,
 * a second tab or another device finds the same one); without, it only reads (the seat page asking for the
 * admission). `streamOpen`: the waiting page's queue stream (use-queue-stream.ts) keeps the status live.
 */
export function useQueueStatus(eventId: string | null, { join, enabled, streamOpen = false }: { join: boolean; enabled: boolean; streamOpen?: boolean }) {
  const api = useWaitingRoomApi();
  return useQuery({
    queryKey: queueStatusQueryKey(eventId ?? ''),
    enabled: enabled && eventId !== null,
    queryFn: async () => {
      const id = eventId!;
      let status = await api.me(id, placeTokenOf(id));
      // Joining is limited per address; a refresh or a second tab finds the place with a read, not another join.
      if (join && status.state === 'not-joined') status = await api.join(id);
      keepPlaceToken(id, status.placeToken);
      return status;
    },
    refetchInterval: (query) => (query.state.data?.state === 'shopping' || streamOpen ? SAFETY_POLL_MS : pollIntervalMs(query.state.data)),
    // A background tab keeps polling too: the place is the moviegoer's, and the poll costs the service no write.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: 2,
  });
}
