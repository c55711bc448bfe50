import { sortSeats } from './seat-map.ts';

/**
 * Live seat maps for the server-sent events route. For every show someone is
 * watching, the feed reads the show's seats from the database twice a second
 * (one query per show, however many watchers), so bookings made on any
 * service instance reach every watcher within a second; a booking on this instance is pushed
 * at once through `changed(showId)`.
 */
export type SeatListener = (occupiedSeats: string[]) => void;

interface Watched {
  listeners: Set<SeatListener>;
  last: string | null;
  timer: NodeJS.Timeout;
  reading: boolean;
}

export interface SeatFeed {
  /** Calls `listener` with the current seats now and whenever they change; returns the unsubscribe. */
  subscribe(showId: string, listener: SeatListener): () => void;
  changed(showId: string): void;
  close(): void;
  watchedShows(): number;
}

export function createSeatFeed(readSeats: (showId: string) => Promise<string[]>, intervalMs = 500): SeatFeed {
  const shows = new Map<string, Watched>();

  async function refresh(showId: string, force = false) {
    const watched = shows.get(showId);
    if (!watched || watched.reading) return;
    watched.reading = true;
    try {
      const seats = sortSeats(await readSeats(showId));
      const key = seats.join(',');
      if (force || key !== watched.last) {
        watched.last = key;
        for (const listener of watched.listeners) listener(seats);
      }
    } catch {
      // A failed read (database restarting) is retried on the next tick; watchers keep their last map.
    } finally {
      watched.reading = false;
    }
  }

  return {
    subscribe(showId, listener) {
      let watched = shows.get(showId);
      if (!watched) {
        const timer = setInterval(() => void refresh(showId), intervalMs);
        timer.unref();
        watched = { listeners: new Set(), last: null, timer, reading: false };
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
        if (current.listeners.size === 0) {
          clearInterval(current.timer);
          shows.delete(showId);
        }
      };
    },
    changed(showId) {
      void refresh(showId);
    },
    close() {
      for (const watched of shows.values()) clearInterval(watched.timer);
      shows.clear();
    },
    watchedShows: () => shows.size,
  };
}
