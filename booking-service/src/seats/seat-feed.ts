import { sortSeats } from '../contract/seats/hall.ts';

/**
 * Live seat maps for the server-sent events route. A watched show's seats are read
 * from the database when it changes (`changed(showId)`, called for changes made on
 * any instance when the store's change bus carries them), once per change however
 * many people watch it. Where the bus cannot hear other instances (MongoDB without
 * change streams), the feed also polls every watched show every `pollMs`.
 */
export type SeatListener = (occupiedSeats: string[]) => void;

interface Watched {
  listeners: Set<SeatListener>;
  last: string | null;
  /** A read is running; `again` asks for one more after it (a change arrived meanwhile). */
  reading: boolean;
  again: boolean;
}

export interface SeatFeed {
  /** Calls `listener` with the current seats now and whenever they change; returns the unsubscribe. */
  subscribe(showId: string, listener: SeatListener): () => void;
  /** The show's seats may have changed: read them and tell its watchers if they did. */
  changed(showId: string): void;
  /** Changes may have been missed: read every watched show again. */
  resync(): void;
  close(): void;
  watchedShows(): number;
}

export interface SeatFeedOptions {
  /** Poll every watched show this often; null when every change is announced through `changed`. */
  pollMs: number | null;
}

export function createSeatFeed(readSeats: (showId: string) => Promise<string[]>, { pollMs }: SeatFeedOptions): SeatFeed {
  const shows = new Map<string, Watched>();

  async function refresh(showId: string) {
    const watched = shows.get(showId);
    if (!watched) return;
    if (watched.reading) {
      watched.again = true;
      return;
    }
    watched.reading = true;
    try {
      do {
        watched.again = false;
        const seats = sortSeats(await readSeats(showId));
        const key = seats.join(',');
        if (key !== watched.last) {
          watched.last = key;
          for (const listener of watched.listeners) listener(seats);
        }
      } while (watched.again && shows.get(showId) === watched);
    } catch {
      // A failed read (database restarting) leaves watchers with their last map until the next change or resync.
    } finally {
      watched.reading = false;
    }
  }

  const poller = pollMs === null ? null : setInterval(() => shows.forEach((_, showId) => void refresh(showId)), pollMs);
  poller?.unref();

  return {
    subscribe(showId, listener) {
      let watched = shows.get(showId);
      if (!watched) {
        watched = { listeners: new Set(), last: null, reading: false, again: false };
        shows.set(showId, watched);
      }
      watched.listeners.add(listener);
      // The newcomer gets the current map straight away.
      void readSeats(showId).then(
        (seats) => watched!.listeners.has(listener) && listener(sortSeats(seats)),
        () => {},
      );
      return () => {
        const current = shows.get(showId);
        if (!current) return;
        current.listeners.delete(listener);
        if (current.listeners.size === 0) shows.delete(showId);
      };
    },
    changed(showId) {
      void refresh(showId);
    },
    resync() {
      for (const showId of shows.keys()) void refresh(showId);
    },
    close() {
      if (poller) clearInterval(poller);
      shows.clear();
    },
    watchedShows: () => shows.size,
  };
}
