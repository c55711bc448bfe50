import type { QueueEvent } from '../contract/waiting-room.ts';

/** How often a watched event is read again: the instance's view of it is at most this old anyway. */
export const QUEUE_FEED_INTERVAL_MS = 1_000;

export type QueueListener = (event: QueueEvent) => void;

interface Watched {
  listeners: Set<QueueListener>;
  last: string;
}

/**
 * The queue streams' source on one instance: every second, each watched event as the instance sees it
 * (waitingRoom.queueEvent: its view, read at most once a second whoever asks), sent to its watchers when it
 * changed. Thousands of moviegoers waiting cost one read a second, not one per stream; a broadcast of
 * "sold out" reaches them all within that second.
 */
export function createQueueFeed(read: (eventId: string) => Promise<QueueEvent | null>, onError: (error: unknown) => void) {
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;

  async function tick() {
    for (const [eventId, entry] of watched) {
      try {
        const event = await read(eventId);
        const key = JSON.stringify(event);
        if (!event || key === entry.last) continue;
        entry.last = key;
        for (const listener of entry.listeners) listener(event);
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
        entry = { listeners: new Set(), last: JSON.stringify(current) };
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
