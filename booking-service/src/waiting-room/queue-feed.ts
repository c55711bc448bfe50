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

/** One stream: its place, when it named one, and what it was last sent, when. */
interface Watcher {
  listener: QueueListener;
  place: number | null;
  sent: QueueEvent;
  /** `sent` as JSON: compared with the next event's, serialized once per pass, not once per stream. */
  sentKey: string;
  sentAt: number;
}

interface Watched {
  watchers: Set<Watcher>;
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
export function createQueueFeed(read: (eventId: string) => Promise<QueueEvent | null>, onError: (error: unknown) => void, clock: () => number = Date.now) {
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;

  async function sendDue(entry: Watched, next: QueueEvent) {
    const nextKey = JSON.stringify(next);
    const all = [...entry.watchers];
    for (let i = 0; i < all.length; i += SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const now = clock();
      for (const watcher of all.slice(i, i + SLICE)) {
        // A stream that ended meanwhile has left the set.
        if (!entry.watchers.has(watcher) || !due(watcher, next, nextKey, now)) continue;
        watcher.sent = next;
        watcher.sentKey = nextKey;
        watcher.sentAt = now;
        watcher.listener(next);
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
          const next = await read(eventId);
          if (next) await sendDue(entry, next);
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
     * Sends `current` (just read by the caller) at once, then what is due; `place`, when the stream named
     * one, brings its turn at once. Returns the unsubscribe.
     */
    subscribe(eventId: string, current: QueueEvent, listener: QueueListener, place: number | null = null): () => void {
      let entry = watched.get(eventId);
      if (!entry) {
        entry = { watchers: new Set() };
        watched.set(eventId, entry);
      }
      const watcher: Watcher = { listener, place, sent: current, sentKey: JSON.stringify(current), sentAt: clock() };
      entry.watchers.add(watcher);
      listener(current);
      if (!timer) {
        timer = setInterval(() => void tick(), QUEUE_FEED_INTERVAL_MS);
        timer.unref();
      }
      return () => {
        entry.watchers.delete(watcher);
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
