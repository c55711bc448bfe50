import pLimit from 'p-limit';
import type { QueueEvent, QueueStatusResponse } from '../contract/waiting-room.ts';
import { conflict } from '../http/errors.ts';
import { createAdmissionGate } from './admission-gate.ts';
import { signAdmission, type WaitingRoomKey } from './admission-token.ts';
import { readPlace, signPlace } from './place-token.ts';
import { entryState, estimatedWaitSeconds, position, secondsPerPlace } from './queue-rules.ts';
import type { EventPulse, OnSaleEvent, QueueEntry, WaitingRoomRepository } from './waiting-room-repository.ts';
import type { StreamOwnerPlace } from './queue-feed.ts';
import { readSnapshot, type Snapshot, type UnreadableEvent } from './snapshot.ts';

/**
 * How old the events and their pulse (seats left, admissions per minute) may be when a poll or the gate
 * reads them: each instance reads them at most once a second, whatever the number of people polling.
 */
const SNAPSHOT_MAX_AGE_MS = 1_000;
/**
 * While the admission timer runs (start()), it reads the view every second, and a request finding it a little
 * older is answered from it while the next read is under way: no poll waits on the database, whose single
 * connection (PGlite) or pool is busy with the sale's bookings. Older than this, the request waits for a
 * fresh read (and gets the store's error when it is down: the failure policy's 503).
 */
const SNAPSHOT_STALE_LIMIT_MS = 5_000;
/**
 * Joins writing at once on this instance; the rest wait their turn here, in arrival order. While the draw
 * holds the event row, every join waits on it: measured in the presale bench, 170 joins a second took the
 * whole pool (20 connections, 23 more waiting) at that moment, and the draw's places, the view and the
 * bookings waited behind them. A join takes a few milliseconds: 5 at once pass 1,000 a second.
 */
const JOINS_AT_ONCE = 5;
/** How often each instance runs the draw and admissions (the repository lets one instance at a time do it). */
export const ADMISSION_INTERVAL_MS = 1_000;

export interface WaitingRoomDeps {
  repository: WaitingRoomRepository;
  admissionKey: WaitingRoomKey;
  now: () => Date;
  log: { warn(object: unknown, message: string): void };
}

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;

/** Has the on-sale time passed (the shows may be sold, through the queue when it is on)? */
function onSale(event: OnSaleEvent, now: Date) {
  return event.onSaleAt <= now;
}

export function createWaitingRoom({ repository, admissionKey, now, log }: WaitingRoomDeps) {
  const joining = pLimit(JOINS_AT_ONCE);
  let snapshot: Snapshot | null = null;
  let reading: Promise<Snapshot> | null = null;
  /** The admission timer keeps the view fresh (start()). */
  let refreshedInBackground = false;

  /** Unreadable events already logged by this instance (each once, not every second). */
  const reported = new Set<string>();
  function report({ event, problem }: UnreadableEvent) {
    if (reported.has(event.id)) return;
    reported.add(event.id);
    log.warn({ eventId: event.id, name: event.name, problem }, 'on-sale event cannot be shown: its shows stay closed until staff cancel it');
  }

  /** Reads the view again (one read in flight at a time, shared by every caller). */
  function refresh(): Promise<Snapshot> {
    reading ??= readSnapshot(repository, now(), report)
      .then((read) => (snapshot = read))
      .finally(() => (reading = null));
    return reading;
  }

  /** The events as this instance last read them. */
  async function current(): Promise<Snapshot> {
    const age = snapshot ? now().getTime() - snapshot.readAt : Infinity;
    if (age < SNAPSHOT_MAX_AGE_MS) return snapshot!;
    if (refreshedInBackground && age < SNAPSHOT_STALE_LIMIT_MS) {
      refresh().catch(() => {}); // the timer logs a store that fails
      return snapshot!;
    }
    return refresh();
  }

  /** Forget the snapshot: this instance changed an event (the others see it within a second). */
  function changed() {
    snapshot = null;
  }

  /** Admissions moved the serving counter: read the view again, in the background while the timer runs. */
  function admitted() {
    if (refreshedInBackground) refresh().catch(() => {});
    else changed();
  }

  function eventJson(event: OnSaleEvent, pulse: Pick<EventPulse, 'seatsLeft'> | undefined) {
    return {
      id: event.id,
      name: event.name,
      onSaleAt: event.onSaleAt.toISOString(),
      waitingRoom: event.waitingRoom,
      shoppingCapacity: event.shoppingCapacity,
      windowMinutes: event.windowMinutes,
      paused: event.paused,
      showIds: event.showIds,
      soldOut: pulse !== undefined && pulse.seatsLeft <= 0,
    };
  }

  async function eventOrNull(eventId: string) {
    const { events, pulses } = await current();
    const event = events.find((e) => e.id === eventId);
    return event ? { event, pulse: pulses.get(eventId), json: eventJson(event, pulses.get(eventId)) } : null;
  }

  type Found = NonNullable<Awaited<ReturnType<typeof eventOrNull>>>;

  /** The wait of one place now, from the pace of the last minute. */
  const pace = ({ event, pulse }: Found) => secondsPerPlace(pulse?.admittedLastMinute ?? 0, event);

  /** A poll's answer while in the pre-queue or waiting: from the place and the serving counter alone. */
  async function placeAnswer(found: Found, accountId: string, place: number | null, token: string | null) {
    const ahead = place === null ? null : position({ place }, found.event);
    return {
      event: found.json,
      state: place === null ? ('pre-queue' as const) : ('waiting' as const),
      place,
      position: ahead,
      estimatedWaitSeconds: ahead === null ? null : estimatedWaitSeconds(ahead, pace(found)),
      windowEndsAt: null,
      admission: null,
      placeToken: token ?? (await signPlace(admissionKey, { accountId, eventId: found.event.id, place }, now())),
    };
  }

  async function statusOf(eventId: string, entry: QueueEntry | null): Promise<Omit<QueueStatusResponse, 'success'> | null> {
    const found = await eventOrNull(eventId);
    if (!found) return null;
    const { json } = found;
    const at = now();
    if (!entry) return { event: json, state: 'not-joined', place: null, position: null, estimatedWaitSeconds: null, windowEndsAt: null, admission: null, placeToken: null };
    const state = entryState(entry, at);
    if (state === 'pre-queue' || state === 'waiting') return placeAnswer(found, entry.accountId, entry.place, null);
    const shopping = state === 'shopping' && entry.windowEndsAt;
    // An admission handed over by a join (a second tab) is claimed too.
    if (shopping && !entry.claimedAt) await repository.entryClaiming(eventId, entry.accountId, at);
    return {
      event: json,
      state,
      place: entry.place,
      position: null,
      estimatedWaitSeconds: null,
      windowEndsAt: shopping ? entry.windowEndsAt!.toISOString() : null,
      admission: shopping ? await signAdmission(admissionKey, { accountId: entry.accountId, eventId, expiresAt: entry.windowEndsAt! }) : null,
      placeToken: null,
    };
  }

  /** The places the draw gave, read once per instance and event (the pre-queue's polls find theirs here). */
  const drawnPlaces = new Map<string, Promise<Map<string, number>>>();
  function placesDrawn(eventId: string) {
    let places = drawnPlaces.get(eventId);
    if (!places) {
      places = repository.drawnPlaces(eventId);
      drawnPlaces.set(eventId, places);
      places.catch(() => drawnPlaces.delete(eventId));
    }
    return places;
  }

  /**
   * A poll carrying its place token, answered without the database while the place is still ahead of the
   * serving counter (or, before the draw, in the pre-queue); null when the entry row must be read: no or a
   * foreign token, the turn reached, or support acted on the account.
   */
  async function statusFromPlace(eventId: string, accountId: string, token: string): Promise<Omit<QueueStatusResponse, 'success'> | null> {
    const found = await eventOrNull(eventId);
    const hint = await readPlace(admissionKey, token, now());
    if (!found || !hint || hint.accountId !== accountId || hint.eventId !== eventId) return null;
    if (!found.pulse || found.pulse.outOfTurn.has(accountId)) return null;
    if (hint.place === null && !found.event.drawnAt) return placeAnswer(found, accountId, null, token);
    const place = hint.place ?? (await placesDrawn(eventId)).get(accountId);
    if (place === undefined || place <= found.event.serving) return null;
    return placeAnswer(found, accountId, place, place === hint.place ? token : null);
  }

  /** Draws and admits for every event on sale with its queue on (run by each instance; one at a time per event does the work). */
  async function admitAll(): Promise<number> {
    const at = now();
    const { events, pulses } = await current();
    let count = 0;
    for (const event of events) {
      if (!event.waitingRoom || !onSale(event, at)) continue;
      if (!event.drawnAt) await repository.draw(event.id, at);
      // Nobody is let in to find nothing: admissions wait while every seat is sold or held.
      if ((pulses.get(event.id)?.seatsLeft ?? 0) <= 0) continue;
      count += await repository.admitNext(event.id, at);
    }
    if (count > 0) admitted();
    return count;
  }

  const gate = createAdmissionGate({ current, admissionKey, now });

  let timer: NodeJS.Timeout | null = null;
  return {
    gate,
    /** Each show of an on-sale event: its event, on-sale time, and whether it sells through the waiting room. */
    async onSaleShows() {
      const { byShow } = await current();
      return new Map([...byShow].map(([showId, event]) => [showId, { eventId: event.id, at: event.onSaleAt.toISOString(), waitingRoom: event.waitingRoom }]));
    },
    /** The event as moviegoers see it, or null when there is none. */
    event: async (eventId: string) => (await eventOrNull(eventId))?.json ?? null,
    /**
     * The account's place. With its place token, while the turn has not come, from this instance's view of
     * the event alone; else from the entry row, written once, to claim an admission.
     */
    async status(eventId: string, accountId: string, placeToken: string | null) {
      const fromPlace = placeToken ? await statusFromPlace(eventId, accountId, placeToken) : null;
      // The admission handed over claims it (one write per admission, never per poll): unclaimed, it lapses after the grace.
      return fromPlace ?? statusOf(eventId, await repository.entryClaiming(eventId, accountId, now()));
    },
    /** Whose queue stream it is, from the place token it was opened with: null when the token is not this event's. */
    async placeOf(eventId: string, token: string): Promise<StreamOwnerPlace | null> {
      const hint = await readPlace(admissionKey, token, now());
      return hint && hint.eventId === eventId ? { accountId: hint.accountId, place: hint.place } : null;
    },
    /** The places the draw gave, by account: read once per instance and event. */
    drawnPlaces: placesDrawn,
    /** What the queue stream sends: the same for everyone waiting (null when there is no such event). */
    async queueEvent(eventId: string): Promise<QueueEvent | null> {
      const found = await eventOrNull(eventId);
      if (!found) return null;
      const { event, json } = found;
      return { serving: event.serving, drawn: event.drawnAt !== null, soldOut: json.soldOut, paused: event.paused, secondsPerPlace: pace(found) };
    },
    async join(eventId: string, accountId: string) {
      const found = await eventOrNull(eventId);
      if (!found) return null;
      if (!found.event.waitingRoom) throw conflict(`"${found.event.name}" has no waiting room: its shows are booked directly`);
      return statusOf(eventId, await joining(() => repository.join(eventId, accountId, now())));
    },
    async leave(eventId: string, accountId: string) {
      const entry = await repository.leave(eventId, accountId, now());
      // The gate of this instance refuses the admission at once (the others at their next read, within a second).
      changed();
      return statusOf(eventId, entry);
    },
    describeEntry(entry: QueueEntry, event: Pick<OnSaleEvent, 'serving'>) {
      const state = entryState(entry, now());
      return {
        accountId: entry.accountId,
        state,
        joinedAt: entry.joinedAt.toISOString(),
        place: entry.place,
        position: state === 'waiting' ? position(entry, event) : null,
        windowEndsAt: state === 'shopping' ? entry.windowEndsAt!.toISOString() : null,
      };
    },
    /** Staff's list: the events, and those stored that cannot be shown, each with its problem (read fresh). */
    async staffEvents() {
      changed();
      const { events, pulses, unreadable } = await current();
      return {
        events: events.map((event) => eventJson(event, pulses.get(event.id))),
        unreadable: unreadable.map(({ event, problem }) => ({ id: event.id, name: event.name, showIds: event.showIds, problem })),
      };
    },
    /** Staff cancel an event that has not opened, or one whose time cannot be read (it never can open). */
    async cancel(eventId: string, actor: string) {
      changed();
      const { events, unreadable } = await current();
      const flagged = unreadable.some(({ event }) => event.id === eventId);
      if (!flagged && !events.some((event) => event.id === eventId)) return 'not-found' as const;
      const outcome = await repository.cancelEvent(eventId, { actor, now: now(), unreadable: flagged });
      changed();
      return outcome;
    },
    /** The stored event (staff and support read it fresh). */
    async storedEvent(eventId: string) {
      changed();
      return (await current()).events.find((e) => e.id === eventId) ?? null;
    },
    eventJson,
    changed,
    admitAll,
    start() {
      refreshedInBackground = true;
      timer ??= setInterval(() => {
        refresh()
          .then(admitAll)
          .catch((error: unknown) => log.warn({ err: error }, 'waiting room admissions failed to run'));
      }, ADMISSION_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      refreshedInBackground = false;
    },
  };
}
