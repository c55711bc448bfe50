import { AsyncResource } from 'node:async_hooks';
import pLimit from 'p-limit';
import type { QueueEvent } from '../contract/waiting-room.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { createAdmissionGate } from './admission-gate.ts';
import type { WaitingRoomKey } from './admission-token.ts';
import { createEventView, eventJson, pace, type EventView } from './event-view.ts';
import { readPlace } from './place-token.ts';
import { createQueueStatus } from './queue-status.ts';
import { entryState, position } from './queue-rules.ts';
import type { OnSaleEvent, QueueEntry, WaitingRoomRepository } from './waiting-room-repository.ts';
import type { StreamOwnerPlace } from './queue-feed.ts';

/**
 * Joins writing at once on this instance; the rest wait their turn here, in arrival order, so that a crowd of
 * joins never takes the whole database pool from the view and the bookings. Measured in the presale bench when
 * the draw held the event row (before the lottery keys: docs/service/waiting-room.md), 170 joins a second took
 * the whole pool (20 connections, 23 more waiting). A join takes a few milliseconds: 5 at once pass 1,000 a second.
 */
const JOINS_AT_ONCE = 5;
/** What a join past the backlog is told to wait before trying again (the waiting page also re-asks on its own). */
export const JOIN_BACKLOG_RETRY_SECONDS = 5;

/** A join refused because this instance already holds its backlog of joins to write: 503, try again shortly. */
export class JoinBacklogFull extends HttpError {
  readonly retryAfterSeconds = JOIN_BACKLOG_RETRY_SECONDS;
  constructor() {
    super(503, `Too many people are joining at this moment, and your place is not taken yet: please try again in ${JOIN_BACKLOG_RETRY_SECONDS} seconds`);
  }
}

/** How often each instance runs the draw and admissions (the repository lets one instance at a time do it). */
export const ADMISSION_INTERVAL_MS = 1_000;

export interface WaitingRoomDeps {
  repository: WaitingRoomRepository;
  admissionKey: WaitingRoomKey;
  now: () => Date;
  log: { warn(object: unknown, message: string): void };
  /** Joins held waiting their turn (WAITING_ROOM_JOIN_BACKLOG); past it, JoinBacklogFull. */
  joinBacklog: number;
  /** Told of this instance's admissions and draws (the metrics). */
  figures?: { admittedToShop(count: number): void; drawRan(seconds: number): void };
}

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;

/** Has the on-sale time passed (the shows may be sold, through the queue when it is on)? */
function onSale(event: OnSaleEvent, now: Date) {
  return event.onSaleAt <= now;
}

/** Draws and admits for every event on sale with its queue on (run by each instance; one at a time per event does the work). */
async function admitAll({ view, repository, now, figures }: Pick<WaitingRoomDeps, 'repository' | 'now' | 'figures'> & { view: EventView }): Promise<number> {
  const at = now();
  const { events, pulses } = await view.current();
  let count = 0;
  for (const event of events) {
    if (!event.waitingRoom || !onSale(event, at)) continue;
    if (!event.drawnAt) {
      const started = performance.now();
      if (await repository.draw(event.id, at)) figures?.drawRan((performance.now() - started) / 1000);
    }
    // Nobody is let in to find nothing: admissions wait while every seat is sold or held.
    if ((pulses.get(event.id)?.seatsLeft ?? 0) <= 0) continue;
    count += await repository.admitNext(event.id, at);
  }
  if (count > 0) view.admitted();
  figures?.admittedToShop(count);
  return count;
}

/**
 * The waiting room of one instance: its view of the events (event-view.ts), the moviegoers' places
 * (queue-status.ts), the sale gate (admission-gate.ts), and the admission timer; staff's reads and cancel.
 */
export function createWaitingRoom({ repository, admissionKey, now, log, joinBacklog, figures }: WaitingRoomDeps) {
  const joining = pLimit(JOINS_AT_ONCE);
  const view = createEventView({ repository, now, log });
  const { changed } = view;
  const places = createQueueStatus({ view, repository, admissionKey, now });
  const admitNow = () => admitAll({ view, repository, now, figures });
  let timer: NodeJS.Timeout | null = null;
  return {
    gate: createAdmissionGate({ current: view.current, admissionKey, now, admissionEnded: repository.admissionEnded }),
    /** Each show of an on-sale event: its event, on-sale time, and whether it sells through the waiting room. */
    async onSaleShows() {
      const { byShow } = await view.current();
      return new Map([...byShow].map(([showId, event]) => [showId, { eventId: event.id, at: event.onSaleAt.toISOString(), waitingRoom: event.waitingRoom }]));
    },
    /** Whether staff turned off the live streams of this event, or of this show's event (the day's controls). */
    async streamsSwitchedOff(eventOrShowId: string) {
      const { events, byShow } = await view.current();
      return (byShow.get(eventOrShowId) ?? events.find((event) => event.id === eventOrShowId))?.streamsOff ?? false;
    },
    /** The event as moviegoers see it, or null when there is none. */
    event: async (eventId: string) => (await view.find(eventId))?.json ?? null,
    status: places.status,
    /** Joins held in memory, writing or waiting their turn (a metric). */
    joinsHeld: () => joining.activeCount + joining.pendingCount,
    /** The on-sale events of the day (on sale within the last 24 hours or still to open) with their lines, read now (a metric). */
    async linesOfTheDay() {
      const since = now().getTime() - 24 * 3600_000;
      const { events } = await view.current();
      const today = events.filter((event) => event.waitingRoom && event.onSaleAt.getTime() >= since);
      return Promise.all(today.map(async (event) => ({ eventId: event.id, ...(await repository.figures(event.id, now())) })));
    },
    /** Whose queue stream it is, from the place token it was opened with: null when the token is not this event's. */
    async placeOf(eventId: string, token: string): Promise<StreamOwnerPlace | null> {
      const hint = await readPlace(admissionKey, token, now());
      return hint && hint.eventId === eventId ? { accountId: hint.accountId, place: hint.place } : null;
    },
    /** The places the draw gave, by account: read once per instance and event. */
    drawnPlaces: places.placesDrawn,
    /** What the queue stream sends: the same for everyone waiting (null when there is no such event). */
    async queueEvent(eventId: string): Promise<QueueEvent | null> {
      const found = await view.find(eventId);
      if (!found) return null;
      const { event, json } = found;
      return { serving: event.serving, drawn: event.drawnAt !== null, soldOut: json.soldOut, paused: event.paused, secondsPerPlace: pace(found) };
    },
    async join(eventId: string, accountId: string) {
      const found = await view.find(eventId);
      if (!found) return null;
      if (!found.event.waitingRoom) throw conflict(`"${found.event.name}" has no waiting room: its shows are booked directly`);
      // A bounded wait: a crowd larger than the database takes waits in its browsers, not in this instance's memory.
      // (Counted with those writing: p-limit moves a join from waiting to writing a microtask after it is queued.)
      if (joining.activeCount + joining.pendingCount >= JOINS_AT_ONCE + joinBacklog) throw new JoinBacklogFull();
      // Bound to this request: a join queued here runs when another ends, and its commands count under its own request.
      return places.statusOf(eventId, await joining(AsyncResource.bind(() => repository.join(eventId, accountId, now()))));
    },
    async leave(eventId: string, accountId: string) {
      const entry = await repository.leave(eventId, accountId, now());
      // The gate of this instance refuses the admission at once (the others at their next read, within a second).
      if (entry?.leftAt) view.admissionEndedHere(eventId, accountId);
      return places.statusOf(eventId, entry);
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
      const { events, pulses, unreadable } = await view.current();
      return {
        events: events.map((event) => eventJson(event, pulses.get(event.id))),
        unreadable: unreadable.map(({ event, problem }) => ({ id: event.id, name: event.name, showIds: event.showIds, problem })),
      };
    },
    /** Staff cancel an event that has not opened, or one whose time cannot be read (it never can open). */
    async cancel(eventId: string, actor: string) {
      changed();
      const { events, unreadable } = await view.current();
      const flagged = unreadable.some(({ event }) => event.id === eventId);
      if (!flagged && !events.some((event) => event.id === eventId)) return 'not-found' as const;
      const outcome = await repository.cancelEvent(eventId, { actor, now: now(), unreadable: flagged });
      changed();
      return outcome;
    },
    /** The stored event (staff and support read it fresh). */
    async storedEvent(eventId: string) {
      changed();
      return (await view.current()).events.find((e) => e.id === eventId) ?? null;
    },
    eventJson,
    changed,
    admitAll: admitNow,
    start() {
      view.refreshInBackground(true);
      timer ??= setInterval(() => {
        view
          .refresh()
          .then(admitNow)
          .catch((error: unknown) => log.warn({ err: error }, 'waiting room admissions failed to run'));
      }, ADMISSION_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      view.refreshInBackground(false);
    },
  };
}
