import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueueEvent, QueueStatusResponse } from 'booking-service/contract';
import { openLiveStream } from '../../../lib/live-stream';
import { placeTokenOf } from './place-tokens';
import { queueStatusQueryKey } from './use-queue-status';
import { useWaitingRoomApi } from './waiting-room-api';

/** The queue stream's event name (the contract's QUEUE_EVENT). */
const QUEUE_EVENT = 'queue';
/** Thousands of pre-queue pages learn of the draw in the same second: their polls for a place are spread over this. */
export const DRAW_JITTER_MS = 10_000;
/** A refused or failed stream is tried again after this; the page polls meanwhile. */
const STREAM_RETRY_MS = 30_000;
/** The instance answering the turn's poll may see the turn a second or two after the stream's did: ask again. */
const TURN_RETRY_MS = 1_000;
const TURN_TRIES = 5;

/**
 * The status as a queue event changes it: sold out and paused, a waiting place's position and wait, and, on
 * a stream opened with the place token, the place the draw gave to the pre-queue.
 */
export function withQueueEvent(status: QueueStatusResponse, event: QueueEvent): QueueStatusResponse {
  const next = { ...status, event: { ...status.event, soldOut: event.soldOut, paused: event.paused } };
  if (status.state === 'pre-queue' && event.place !== undefined) {
    const position = Math.max(1, event.place - event.serving);
    return { ...next, state: 'waiting', place: event.place, position, estimatedWaitSeconds: Math.ceil(position * event.secondsPerPlace) };
  }
  if (status.state !== 'waiting' || status.place === null) return next;
  // The serving counter only grows, so the position only falls (a second-old poll may have said less).
  const position = Math.min(status.position ?? Infinity, Math.max(1, status.place - event.serving));
  // The service's rule (queue-rules.ts estimatedWaitSeconds): the places ahead times the pace.
  return { ...next, position, estimatedWaitSeconds: Math.ceil(position * event.secondsPerPlace) };
}

/** The stream's latest event and when it came (Date.now()). */
export type QueueNews = { event: QueueEvent; at: number };

/**
 * The status the page shows: the last poll's answer with the stream's latest news applied. Sold out and
 * paused come from whichever is newer; the position only ever falls, whichever is newer (an instance's view
 * may be a few seconds behind the stream's). Kept apart from the query's cache: writing the news there would
 * restart the query's refetch interval at each event, and the safety poll would never come.
 */
export function shownStatus(status: QueueStatusResponse, statusAt: number, news: QueueNews | null): QueueStatusResponse {
  if (!news) return status;
  const merged = withQueueEvent(status, news.event);
  return news.at >= statusAt ? merged : { ...merged, event: status.event };
}

/**
 * The waiting page's live queue: a server-sent stream of the event's news (`GET /api/waiting-room/:eventId/events`),
 * instead of thousands of polls. Opened with the place token once the page has one, so that the stream also
 * brings the place the draw gives (the pre-queue need not ask for it) and the turn at once. Each event is news
 * at once (see shownStatus): sold out reaches every page within a second or so, the position every 15 s at
 * most. When the serving counter reaches the place, the status is asked for at once (the turn: the poll brings
 * the admission); when the draw has happened and the stream brought no place, after a random 0-10 s. Returns
 * whether the stream is open (the page then polls only as a safety net) and its latest news.
 */
export function useQueueStream(eventId: string, enabled: boolean, hasPlaceToken: boolean): { open: boolean; news: QueueNews | null } {
  const api = useWaitingRoomApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState<QueueNews | null>(null);
  const drawTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const turnTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const url = api.queueEventsUrl(eventId);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = queueStatusQueryKey(eventId);
    const askForTurn = async (tries: number) => {
      turnTimer.current = undefined;
      await queryClient.refetchQueries({ queryKey: key });
      if (tries > 1 && queryClient.getQueryData<QueueStatusResponse>(key)?.state === 'waiting') {
        turnTimer.current = setTimeout(() => void askForTurn(tries - 1), TURN_RETRY_MS);
      }
    };
    const onQueueEvent = (text: string) => {
      let event: QueueEvent;
      try {
        event = JSON.parse(text) as QueueEvent;
        if (typeof event.serving !== 'number' || typeof event.secondsPerPlace !== 'number') return;
      } catch {
        return; // A malformed event is ignored; the next one (or a poll) brings the truth.
      }
      setNews({ event, at: Date.now() });
      const status = queryClient.getQueryData<QueueStatusResponse>(key);
      if (!status || (status.state !== 'waiting' && status.state !== 'pre-queue')) return;
      const place = status.place ?? event.place ?? null;
      if (place !== null && event.serving >= place) {
        if (turnTimer.current === undefined) void askForTurn(TURN_TRIES);
      } else if (place === null && event.drawn && drawTimer.current === undefined) {
        // Drawn, but the stream did not say the place (opened without the token): ask, each page at its moment.
        drawTimer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), Math.random() * DRAW_JITTER_MS);
      }
    };

    const close = openLiveStream(() => {
      const token = placeTokenOf(eventId);
      return token === null ? url : `${url}?token=${encodeURIComponent(token)}`;
    }, {
      onOpen: () => setOpen(true),
      // Refused (a cap reached) or gone: the page polls meanwhile.
      onDown: () => setOpen(false),
      events: { [QUEUE_EVENT]: onQueueEvent },
      retryMs: STREAM_RETRY_MS,
    });
    return () => {
      close();
      clearTimeout(drawTimer.current);
      clearTimeout(turnTimer.current);
      drawTimer.current = undefined;
      turnTimer.current = undefined;
      setOpen(false);
    };
    // Opened again once, when the join gives the place token.
  }, [eventId, url, enabled, hasPlaceToken, queryClient]);

  return { open, news };
}
