import type { QueueEvent } from '../contract/waiting-room.ts';

/** How often a watched event is read again: the instance's view of it is at most this old anyway. */
export const QUEUE_FEED_INTERVAL_MS = 1_000;
/**
 * Each stream gets the queue's progress (the serving counter, the pace) at most this often: well inside the
 * 20 s within which a waiting page must move. Sold out, paused, the draw, and a stream's turn (the serving
 * counter reaching the place it named) go out within the second.
 */
export const QUEUE_PROGRESS_INTERVAL_MS = 15_000;

export type QueueListener = (event: QueueEvent) => void;

/**
 * Whose stream it is, when it said (with its place token): the place, or, from the pre-queue, the account
 * whose place the draw gives. The stream then brings the turn at once, and the draw brings the place itself,
 * so that a pre-queue of thousands need not ask for their places all at once.
 */
export interface StreamOwnerPlace {
  /** Null when the stream named a place without a token (the page before place tokens). */
  accountId: string | null;
  place: number | null;
}

/** One stream: its place, when known, and what it was last sent, when. */
interface Watcher {
  listener: QueueListener;
  place: number | null;
  /** A pre-queue stream's account, until the draw's places are looked at. */
  awaitingDraw: string | null;
  sent: QueueEvent;
  /** `sent` as JSON: compared with the next event's, serialized once per pass, not once per stream. */
  sentKey: string;
  sentAt: number;
}

interface Watched {
  watchers: Set<Watcher>;
  /** How many of them wait for the draw's places. */
  awaitingDraw: number;
}

export interface QueueFeedSource {
  /** The event as this instance sees it (null: gone). */
  read(eventId: string): Promise<QueueEvent | null>;
  /** The places the draw gave, by account (read once per instance and event). */
  drawnPlaces(eventId: string): Promise<Map<string, number>>;
}

/** News everyone waits for, sent at once: not the queue's progress. */
const urgent = (sent: QueueEvent, next: QueueEvent) => next.soldOut !== sent.soldOut || next.paused !== sent.paused || next.drawn !== sent.drawn;

/**
 * Whether this stream is sent `next` now. Measured (waiting-room bench): writing every stream at each change
 * of the serving counter made a crowd's broadcasts the service's largest cost (writev), in bursts that held up
 * the requests meanwhile; paced per stream, from the moment each connected, the writes spread evenly.
 */
function due(watcher: Watcher, next: QueueEvent, nextKey: string, now: number): boolean {
  if (watcher.sentKey === nextKey) return false;
  if (urgent(watcher.sent, next)) return true;
  if (watcher.place !== null && next.serving >= watcher.place && watcher.sent.serving < watcher.place) return true;
  return now - watcher.sentAt >= QUEUE_PROGRESS_INTERVAL_MS;
}

/** Streams looked at between two turns of the event loop: a crowd's must not hold up the requests meanwhile. */
const SLICE = 1_000;

/**
 * The queue streams' source on one instance: every second, each watched event as the instance sees it
 * (waitingRoom.queueEvent: its view, read at most once a second whoever asks), sent to each stream when due.
 * Thousands of moviegoers waiting cost one read a second, not one per stream; "sold out" reaches them all
 * within that second.
 */
export function createQueueFeed(source: QueueFeedSource, onError: (error: unknown) => void, clock: () => number = Date.now) {
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;

  /** A pre-queue stream learns its place from the draw's list (absent: it left, or was removed; its polls say). */
  function place(entry: Watched, watcher: Watcher, places: Map<string, number>) {
    watcher.place = places.get(watcher.awaitingDraw!) ?? null;
    watcher.awaitingDraw = null;
    entry.awaitingDraw--;
  }

  /** What a stream is sent: its place, once known, with the event everyone gets. */
  const eventFor = (watcher: Watcher, event: QueueEvent): QueueEvent => (watcher.place === null ? event : { ...event, place: watcher.place });

  async function sendDue(eventId: string, entry: Watched, next: QueueEvent) {
    const nextKey = JSON.stringify(next);
    const places = next.drawn && entry.awaitingDraw > 0 ? await source.drawnPlaces(eventId) : null;
    const all = [...entry.watchers];
    for (let i = 0; i < all.length; i += SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const now = clock();
      for (const watcher of all.slice(i, i + SLICE)) {
        // A stream that ended meanwhile has left the set.
        if (!entry.watchers.has(watcher)) continue;
        if (places && watcher.awaitingDraw !== null) place(entry, watcher, places);
        if (!due(watcher, next, nextKey, now)) continue;
        watcher.sent = next;
        watcher.sentKey = nextKey;
        watcher.sentAt = now;
        watcher.listener(eventFor(watcher, next));
      }
    }
  }

  async function tick() {
    // A pass over a crowd may outlast the interval: the next tick waits for it.
    if (ticking) return;
    ticking = true;
    try {
      for (const [eventId, entry] of watched) {
        try {
          const next = await source.read(eventId);
          if (next) await sendDue(eventId, entry, next);
        } catch (error) {
          // The store unreachable: watchers keep the last state; the page's polls say the on-sale is paused.
          onError(error);
        }
      }
    } finally {
      ticking = false;
    }
  }

  function stopIfIdle() {
    if (watched.size > 0 || !timer) return;
    clearInterval(timer);
    timer = null;
  }

  return {
    /**
     * Sends `current` (just read by the caller) at once, then what is due; `owner`, when the stream said whose
     * it is, brings its place with the draw and its turn at once (after the draw, the caller gives the place).
     * Returns the unsubscribe.
     */
    subscribe(eventId: string, current: QueueEvent, listener: QueueListener, owner: StreamOwnerPlace | null = null): () => void {
      let entry = watched.get(eventId);
      if (!entry) {
        entry = { watchers: new Set(), awaitingDraw: 0 };
        watched.set(eventId, entry);
      }
      const watcher: Watcher = { listener, place: owner?.place ?? null, awaitingDraw: null, sent: current, sentKey: JSON.stringify(current), sentAt: clock() };
      entry.watchers.add(watcher);
      // (Connected after the draw, the caller looked the place up already.)
      if (owner?.accountId && owner.place === null && !current.drawn) {
        watcher.awaitingDraw = owner.accountId;
        entry.awaitingDraw++;
      }
      listener(eventFor(watcher, current));
      if (!timer) {
        timer = setInterval(() => void tick(), QUEUE_FEED_INTERVAL_MS);
        timer.unref();
      }
      return () => {
        if (!entry.watchers.delete(watcher)) return;
        if (watcher.awaitingDraw !== null) entry.awaitingDraw--;
        if (entry.watchers.size === 0 && watched.get(eventId) === entry) watched.delete(eventId);
        stopIfIdle();
      };
    },
    watchedEvents: () => watched.size,
    close() {
      watched.clear();
      stopIfIdle();
    },
  };
}
