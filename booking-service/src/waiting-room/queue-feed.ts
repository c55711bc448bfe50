import type { QueueEvent } from '../contract/waiting-room.ts';

/** How often a watched event is read again: the instance's view of it is at most this old anyway. */
export const QUEUE_FEED_INTERVAL_MS = 1_000;
/**
 * The serving counter and the pace are sent at most this often: each send is a write to every stream (and
 * to every browser behind it), and a position a few seconds old is news enough; sold out, paused and the
 * draw are sent within the second.
 */
export const QUEUE_PROGRESS_INTERVAL_MS = 3_000;

export type QueueListener = (event: QueueEvent) => void;

interface Watched {
  listeners: Set<QueueListener>;
  /** What was last sent, and when. */
  last: QueueEvent;
  sentAt: number;
}

/** Whether `next` must go out now: news everyone waits for, not the queue's progress. */
const urgent = (last: QueueEvent, next: QueueEvent) => next.soldOut !== last.soldOut || next.paused !== last.paused || next.drawn !== last.drawn;
const same = (a: QueueEvent, b: QueueEvent) => JSON.stringify(a) === JSON.stringify(b);

/** Streams written between two turns of the event loop: a crowd's broadcast must not hold up the requests meanwhile. */
const SLICE = 500;

async function sendInSlices(listeners: Set<QueueListener>, event: QueueEvent) {
  const all = [...listeners];
  for (let i = 0; i < all.length; i += SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // A stream that ended meanwhile has left the set.
    for (const listener of all.slice(i, i + SLICE)) if (listeners.has(listener)) listener(event);
  }
}

/**
 * The queue streams' source on one instance: every second, each watched event as the instance sees it
 * (waitingRoom.queueEvent: its view, read at most once a second whoever asks), sent to its watchers when it
 * changed (its progress at most every QUEUE_PROGRESS_INTERVAL_MS). Thousands of moviegoers waiting cost one
 * read a second, not one per stream; a broadcast of "sold out" reaches them all within that second.
 */
export function createQueueFeed(read: (eventId: string) => Promise<QueueEvent | null>, onError: (error: unknown) => void, clock: () => number = Date.now) {
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;

  let ticking = false;
  async function tick() {
    // A broadcast to a crowd may outlast the interval: the next tick waits for it.
    if (ticking) return;
    ticking = true;
    try {
      await sendChanges();
    } finally {
      ticking = false;
    }
  }

  async function sendChanges() {
    for (const [eventId, entry] of watched) {
      try {
        const event = await read(eventId);
        if (!event || same(event, entry.last)) continue;
        if (!urgent(entry.last, event) && clock() - entry.sentAt < QUEUE_PROGRESS_INTERVAL_MS) continue;
        entry.last = event;
        entry.sentAt = clock();
        await sendInSlices(entry.listeners, event);
      } catch (error) {
        // The store unreachable: watchers keep the last state; the page's polls say the on-sale is paused.
        onError(error);
      }
    }
  }

  function stopIfIdle() {
    if (watched.size > 0 || !timer) return;
    clearInterval(timer);
    timer = null;
  }

  return {
    /** Sends `current` (just read by the caller) at once, then every change; returns the unsubscribe. */
    subscribe(eventId: string, current: QueueEvent, listener: QueueListener): () => void {
      let entry = watched.get(eventId);
      if (!entry) {
        entry = { listeners: new Set(), last: current, sentAt: clock() };
        watched.set(eventId, entry);
      }
      entry.listeners.add(listener);
      listener(current);
      if (!timer) {
        timer = setInterval(() => void tick(), QUEUE_FEED_INTERVAL_MS);
        timer.unref();
      }
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0 && watched.get(eventId) === entry) watched.delete(eventId);
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
