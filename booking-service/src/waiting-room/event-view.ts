import { secondsPerPlace } from './queue-rules.ts';
import type { EventPulse, OnSaleEvent, WaitingRoomRepository } from './waiting-room-repository.ts';
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

export interface EventViewDeps {
  repository: WaitingRoomRepository;
  now: () => Date;
  log: { warn(object: unknown, message: string): void };
}

/** An event as moviegoers see it (the JSON of the contract's `OnSaleEvent`). */
export function eventJson(event: OnSaleEvent, pulse: Pick<EventPulse, 'seatsLeft'> | undefined) {
  return {
    id: event.id,
    name: event.name,
    onSaleAt: event.onSaleAt.toISOString(),
    waitingRoom: event.waitingRoom,
    shoppingCapacity: event.shoppingCapacity,
    windowMinutes: event.windowMinutes,
    paused: event.paused,
    salesClosed: event.salesClosed,
    streamsOff: event.streamsOff,
    pollEverySeconds: event.pollEverySeconds,
    showIds: event.showIds,
    soldOut: pulse !== undefined && pulse.seatsLeft <= 0,
  };
}

/** An event found in the view: the stored event, its pulse and its JSON. */
export interface FoundEvent {
  event: OnSaleEvent;
  pulse: EventPulse | undefined;
  json: ReturnType<typeof eventJson>;
}

/** The wait of one place now, from the pace of the last minute. */
export const pace = ({ event, pulse }: FoundEvent) => secondsPerPlace(pulse?.admittedLastMinute ?? 0, event);

export type EventView = ReturnType<typeof createEventView>;

/** This instance's view of the on-sale events: read at most once a second, shared by every poll and the sale gate. */
export function createEventView({ repository, now, log }: EventViewDeps) {
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

  /**
   * Admissions this instance ended (a moviegoer left) that a read of the view may not hold yet: the read in
   * flight may have begun before the leave was written. Each is dropped once a read begun after it is in.
   */
  let endedHere: { eventId: string; accountId: string }[] = [];

  /** Reads the view again (one read in flight at a time, shared by every caller). */
  function refresh(): Promise<Snapshot> {
    if (!reading) {
      // Written before this read begins: the read finds them.
      const seenByRead = new Set(endedHere);
      reading = readSnapshot(repository, now(), report)
        .then((read) => {
          endedHere = endedHere.filter((ended) => !seenByRead.has(ended));
          for (const { eventId, accountId } of endedHere) read.pulses.get(eventId)?.endedAdmissions.add(accountId);
          return (snapshot = read);
        })
        .finally(() => (reading = null));
    }
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

  return {
    current,
    refresh,
    changed,
    /** Admissions moved the serving counter: read the view again, in the background while the timer runs. */
    admitted() {
      if (refreshedInBackground) refresh().catch(() => {});
      else changed();
    },
    /**
     * This instance ended the account's admission (it left): its gate refuses the admission at once, without
     * reading the view again (a leave is a moviegoer's request: re-reading every event's pulse on each one was
     * most of the store's reads in the presale bench on MongoDB). Other instances see it at their next read.
     */
    admissionEndedHere(eventId: string, accountId: string) {
      endedHere.push({ eventId, accountId });
      snapshot?.pulses.get(eventId)?.endedAdmissions.add(accountId);
    },
    /** The event in the view, or null. */
    async find(eventId: string): Promise<FoundEvent | null> {
      const { events, pulses } = await current();
      const event = events.find((e) => e.id === eventId);
      return event ? { event, pulse: pulses.get(eventId), json: eventJson(event, pulses.get(eventId)) } : null;
    },
    /** Whether the admission timer refreshes the view every second (then a stale view answers while the next read runs). */
    refreshInBackground(on: boolean) {
      refreshedInBackground = on;
    },
  };
}
