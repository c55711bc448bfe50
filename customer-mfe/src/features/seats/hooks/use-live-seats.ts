import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OccupiedSeatsResponse, SeatsEvent } from 'booking-service/contract';
import { useCustomerApi } from 'shared-ui/customer';
import { SEAT_POLL_MS, SEAT_STREAM_RETRY_MS } from '../../../lib/constants';
import { openLiveStream } from '../../../lib/live-stream';
import { occupiedSeatsQueryKey } from '../../../lib/query-keys';
import { occupiedSeatsQueryOptions } from '../api/get-occupied-seats';

export type SeatFeed = 'stream' | 'polling';

/**
 * The occupied seats of a show, kept live: a server-sent event stream
 * (`GET /api/booking/seats/{showId}/events`, event `seats` with
 * `{ "occupiedSeats": [...] }`, the full list each time) updates the query as
 * seats are taken; while the stream is not open (not deployed, dropped,
 * reconnecting) the list is polled every 5 s instead, and the stream is tried
 * again every 30 s.
 *
 * `admission` (an admitted moviegoer's token, for a show sold through a waiting room) goes with both: `read`
 * replaces the list's read (sending it as a header) and the stream names it in its query (an EventSource
 * sends no headers). `enabled: false` reads nothing and opens no stream (a show behind a waiting room, before
 * the admission: the service refuses both).
 */
export function useLiveSeats(
  showId: string | null,
  { read, admission = null, enabled = true }: { read?: (showId: string) => Promise<OccupiedSeatsResponse>; admission?: string | null; enabled?: boolean } = {},
) {
  const api = useCustomerApi();
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<SeatFeed>('polling');
  const streamUrl = showId && enabled ? seatStreamUrl(api.seatEventsUrl(showId), admission) : null;

  const seats = useQuery({
    ...occupiedSeatsQueryOptions(api, showId ?? ''),
    ...(read && showId ? { queryFn: () => read(showId) } : {}),
    enabled: showId !== null && enabled,
    refetchInterval: feed === 'stream' ? false : SEAT_POLL_MS,
  });

  useEffect(() => {
    if (!showId || !streamUrl || typeof EventSource === 'undefined') return;
    const close = openLiveStream(() => streamUrl, {
      onOpen: () => {
        setFeed('stream');
        // Catch up on anything taken while the stream was down.
        void queryClient.invalidateQueries({ queryKey: occupiedSeatsQueryKey(showId) });
      },
      onDown: () => setFeed('polling'),
      events: {
        seats: (text) => {
          try {
            // The contract's SeatsEvent; checked all the same, as anything read off the network.
            const data = JSON.parse(text) as Partial<SeatsEvent>;
            if (!Array.isArray(data.occupiedSeats)) return;
            const occupiedSeats = data.occupiedSeats.filter((s): s is string => typeof s === 'string');
            // The rest of the answer (the screen's layout, prices, place) stays as read: events carry only the seats.
            queryClient.setQueryData<OccupiedSeatsResponse>(occupiedSeatsQueryKey(showId), (before) => ({ ...before, success: true, occupiedSeats }));
          } catch {
            // A malformed event is ignored; the next one (or polling) brings the truth.
          }
        },
      },
      retryMs: SEAT_STREAM_RETRY_MS,
    });
    return () => {
      close();
      setFeed('polling');
    };
  }, [showId, streamUrl, queryClient]);

  return { seats, feed };
}

function seatStreamUrl(url: string, admission: string | null): string {
  return admission ? `${url}?${new URLSearchParams({ admission }).toString()}` : url;
}
