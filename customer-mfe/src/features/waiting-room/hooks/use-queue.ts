import { useEffect, useMemo, useState } from 'react';
import { placeTokenOf } from '../api/place-tokens';
import { useQueueStatus } from '../api/use-queue-status';
import { DRAW_JITTER_MS, shownStatus, useQueueStream } from '../api/use-queue-stream';

/**
 * The waiting page's place in line: the polled status (joining when there is no place yet), the queue stream
 * while in line, and what to show from both (`shown`: the status moved on by the stream's news).
 */
export function useQueue(eventId: string) {
  const [inLine, setInLine] = useState(true);
  // A refresh has its token already: the stream opens with it at once, not again once the first answer comes.
  const [hasPlaceToken, setHasPlaceToken] = useState(() => placeTokenOf(eventId) !== null);
  const stream = useQueueStream(eventId, inLine, hasPlaceToken);
  const status = useQueueStatus(eventId, { join: true, enabled: true, streamOpen: stream.open });
  const shown = useMemo(
    () => (status.data ? shownStatus(status.data, status.dataUpdatedAt, stream.news) : undefined),
    [status.data, status.dataUpdatedAt, stream.news],
  );
  const state = status.data?.state;
  // The stream serves those still in line; a turn, or a place given up, needs it no more.
  useEffect(() => setInLine(state === undefined || state === 'pre-queue' || state === 'waiting'), [state]);
  const placeToken = status.data?.placeToken;
  useEffect(() => {
    if (placeToken !== undefined) setHasPlaceToken(placeToken !== null);
  }, [placeToken]);

  const onSaleAt = status.data ? Date.parse(status.data.event.onSaleAt) : null;
  // The draw happens at the on-sale time. The stream brings the place with it; without the stream, ask just
  // after it rather than at the next poll, each page at its own moment (the whole pre-queue reaches this
  // second together). `refetch` is stable, unlike the query's result: the timer is set once, not again (with
  // a new spread) at every second's render of the countdown, which would keep it from ever firing.
  const preQueue = state === 'pre-queue';
  const { refetch } = status;
  const streamOpen = stream.open;
  useEffect(() => {
    if (!preQueue || onSaleAt === null || streamOpen) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, onSaleAt - Date.now()) + 1500 + Math.random() * DRAW_JITTER_MS);
    return () => clearTimeout(timer);
  }, [preQueue, onSaleAt, refetch, streamOpen]);

  return { status, shown, onSaleAt };
}
