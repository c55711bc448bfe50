import type { QueueEvent } from '../contract/waiting-room.ts';

/** How often a watched event is read again: the instance's view of it is at most this old anyway. */
export const QUEUE_FEED_INTERVAL_MS = 1_000;
/**
 * Each stream gets the queue's progress (the serving counter, the pace) once in each such span of its own:
 * well inside the 20 s within which a waiting page must move. Sold out, paused, the draw, and a stream's turn
 * (the serving counter reaching the place it named) go out at the next read, paced for a crowd (SEND_BURST).
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
  /** When it connected: its progress falls due on its own beat from then (see progressDue). */
  connectedAt: number;
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
 * Progress is due once a stream's own beat (every 15 s from when it connected) has passed since its last send.
 * Measured (waiting-room bench): writing every stream at each change of the serving counter made a crowd's
 * broadcasts the service's largest cost, in bursts that held up the requests meanwhile. Counting 15 s from
 * each stream's last send spread them only until news everyone got at once (the draw): 15 s after it, the
 * whole pre-queue fell due in the same second, and the polls then took twice their usual p99. The beat from
 * the connection keeps them spread whatever was sent meanwhile.
 */
const beat = (watcher: Watcher, at: number) => Math.floor((at - watcher.connectedAt) / QUEUE_PROGRESS_INTERVAL_MS);
const progressDue = (watcher: Watcher, now: number) => beat(watcher, now) > beat(watcher, watcher.sentAt);

/** Whether this stream is sent `next` now. */
function due(watcher: Watcher, next: QueueEvent, nextKey: string, now: number): boolean {
  if (watcher.sentKey === nextKey) return false;
  if (urgent(watcher.sent, next)) return true;
  if (watcher.place !== null && next.serving >= watcher.place && watcher.sent.serving < watcher.place) return true;
  return progressDue(watcher, now);
}

/** Streams looked at between two turns of the event loop: a crowd's must not hold up the requests meanwhile. */
const SLICE = 1_000;
/**
 * News for a crowd goes out a burst at a time, SEND_BURST_PAUSE_MS apart, spread over at most SEND_SPREAD_MS
 * (a burst is at least SEND_BURST streams): 4,000 streams of an instance take 2 s, and any crowd is told
 * within ~3 s of the read (the goal for "sold out" is 5 s). Measured (waiting-room bench, two instances
 * behind nginx): "sold out" written to 8,000 streams at once held the proxy and both instances up to ~0.8 s,
 * and the draw's places to 5,000 did the same; the queue polls in flight then took 3-6 times their p99.
 */
export const SEND_BURST = 100;
export const SEND_BURST_PAUSE_MS = 50;
export const SEND_SPREAD_MS = 2_000;

/**
 * The queue streams' source on one instance: every second, each watched event as the instance sees it
 * (waitingRoom.queueEvent: its view, read at most once a second whoever asks), sent to each stream when due.
 * Thousands of moviegoers waiting cost one read a second, not one per stream; "sold out" reaches them all within
 * about three seconds.
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
    const burst = Math.max(SEND_BURST, Math.ceil(all.length / (SEND_SPREAD_MS / SEND_BURST_PAUSE_MS)));
    let sentInBurst = 0;
    let lookedAt = 0;
    for (const watcher of all) {
      if (sentInBurst === burst) {
        await new Promise((resolve) => setTimeout(resolve, SEND_BURST_PAUSE_MS));
        sentInBurst = 0;
        lookedAt = 0;
      } else if (lookedAt === SLICE) {
        await new Promise((resolve) => setImmediate(resolve));
        lookedAt = 0;
      }
      lookedAt++;
      // A stream that ended meanwhile has left the set.
      if (!entry.watchers.has(watcher)) continue;
      if (places && watcher.awaitingDraw !== null) place(entry, watcher, places);
      const now = clock();
      if (!due(watcher, next, nextKey, now)) continue;
      watcher.sent = next;
      watcher.sentKey = nextKey;
      watcher.sentAt = now;
      watcher.listener(eventFor(watcher, next));
      sentInBurst++;
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
      const now = clock();
      const watcher: Watcher = { listener, place: owner?.place ?? null, awaitingDraw: null, sent: current, sentKey: JSON.stringify(current), sentAt: now, connectedAt: now };
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
