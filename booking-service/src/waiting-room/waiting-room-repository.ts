/** The waiting room's records and its port (every store implements it: db/). */

export interface OnSaleEvent {
  id: string;
  name: string;
  onSaleAt: Date;
  /** Off: the shows still wait for the on-sale time, then sell to whoever comes (no queue). */
  waitingRoom: boolean;
  /** How many moviegoers shop at once (N of the closed loop). */
  shoppingCapacity: number;
  /** How long an admitted moviegoer may shop. */
  windowMinutes: number;
  paused: boolean;
  /** The day's controls (staff, any time): seat holds refused for a moment, live streams off, the pages' poll interval. */
  salesClosed: boolean;
  streamsOff: boolean;
  pollEverySeconds: number;
  /** The highest place admitted so far: a waiting entry's position is its place minus this. */
  serving: number;
  /** When the pre-queue was put in random order; null until the on-sale time was first seen passed. */
  drawnAt: Date | null;
  showIds: string[];
  createdBy: string;
  createdAt: Date;
}

/** The day's controls of an event (issue 56): what staff switch while it sells. */
export type EventControls = Pick<OnSaleEvent, 'waitingRoom' | 'salesClosed' | 'streamsOff' | 'pollEverySeconds'>;

/** The trail's word for each control change. */
export type ControlAction = 'queue-everyone' | 'queue-off' | 'close-sales' | 'reopen-sales' | 'streams-off' | 'streams-on' | 'poll-interval';

/** The actions a change of controls records, one per control that changes. */
export function controlActions(before: EventControls, after: Partial<EventControls>): ControlAction[] {
  const actions: ControlAction[] = [];
  if (after.waitingRoom !== undefined && after.waitingRoom !== before.waitingRoom) actions.push(after.waitingRoom ? 'queue-everyone' : 'queue-off');
  if (after.salesClosed !== undefined && after.salesClosed !== before.salesClosed) actions.push(after.salesClosed ? 'close-sales' : 'reopen-sales');
  if (after.streamsOff !== undefined && after.streamsOff !== before.streamsOff) actions.push(after.streamsOff ? 'streams-off' : 'streams-on');
  if (after.pollEverySeconds !== undefined && after.pollEverySeconds !== before.pollEverySeconds) actions.push('poll-interval');
  return actions;
}

export interface QueueEntry {
  eventId: string;
  accountId: string;
  joinedAt: Date;
  /** Null in the pre-queue; given at the draw (random order; on PostgreSQL the rank of the join's lottery key) or on arrival after it (arrival order). */
  place: number | null;
  admittedAt: Date | null;
  windowEndsAt: Date | null;
  /** When the moviegoer first asked for the admission; null until then (see ADMISSION_GRACE_MS). */
  claimedAt: Date | null;
  /** The moviegoer gave the place up (abandoned: the slot goes to the next in line). */
  leftAt: Date | null;
  /** Support removed the entry. */
  removedAt: Date | null;
}

export interface EventPulse {
  /** Seats of the event's shows neither sold nor held by a hold still running. */
  seatsLeft: number;
  admittedLastMinute: number;
  /**
   * Accounts support admitted out of turn or removed: their place says nothing of their state, so their polls
   * read their entry (a handful; everyone else's poll is answered from the place against the serving counter).
   */
  outOfTurn: Set<string>;
  /**
   * Accounts whose admission ended before its window did: they paid for the event, left, or were removed.
   * The sale gate refuses their admission token (a purchase or a departure frees the slot for the next one).
   */
  endedAdmissions: Set<string>;
}

/** The live panel's numbers, read on demand (never on a moviegoer's poll). */
export interface EventFigures {
  preQueue: number;
  waiting: number;
  shopping: number;
  admittedLastMinute: number;
  seats: number;
  seatsLeft: number;
}

export interface NewOnSaleEvent {
  name: string;
  onSaleAt: Date;
  waitingRoom: boolean;
  shoppingCapacity: number;
  windowMinutes: number;
  showIds: string[];
  actor: string;
  now: Date;
}

/** A support or staff action, kept with who did it. */
export interface WaitingRoomAction {
  eventId: string;
  actor: string;
  action: 'create' | 'pause' | 'resume' | 'admit' | 'remove' | 'cancel' | ControlAction;
  accountId: string | null;
  at: Date;
}

/** Why an event could not be created. */
export type EventRefusal = { refused: 'unknown-show' | 'show-in-event'; showId: string };

export interface WaitingRoomRepository {
  createEvent(event: NewOnSaleEvent): Promise<OnSaleEvent | EventRefusal>;
  /** Every on-sale event (a theatre has a handful), with its shows. */
  events(): Promise<OnSaleEvent[]>;
  /** What every poll needs, read at most once a second per instance: seats left, admissions of the last minute. */
  pulse(eventId: string, now: Date): Promise<EventPulse>;
  /**
   * Whether this account's admission has ended (left, removed, or paid for the event since admitted), read now: a
   * booking (a write) asks the database, so an admission ended on one instance is refused on all at once.
   */
  admissionEnded(eventId: string, accountId: string, now: Date): Promise<boolean>;
  entry(eventId: string, accountId: string): Promise<QueueEntry | null>;
  /** The places the draw gave, by account (read once per instance after the draw, for the pre-queue's polls). */
  drawnPlaces(eventId: string): Promise<Map<string, number>>;
  /** The entry of the account whose id or email this is. */
  findEntry(eventId: string, accountIdOrEmail: string): Promise<QueueEntry | null>;
  /**
   * The account's entry, made on its first join: in the pre-queue before the on-sale time, else at the
   * back (after running the draw if nobody has yet). A second join returns the same entry, unchanged.
   */
  join(eventId: string, accountId: string, now: Date): Promise<QueueEntry>;
  /**
   * Puts the pre-queue in random order, once (whoever first sees the on-sale time passed); true if this call did.
   * PostgreSQL: closes it (the order is the lottery keys its joins drew; the admissions write the places); MongoDB:
   * writes every place in batches under a lease.
   */
  draw(eventId: string, now: Date): Promise<boolean>;
  /**
   * Admits the next in line into the free shopping slots (capacity minus windows still open, unpaid and
   * not given up); skipped when paused, or when another instance is admitting for the event. How many.
   */
  admitNext(eventId: string, now: Date): Promise<number>;
  /**
   * The account's entry as `entry` gives it, recording on the way (in the same statement) that an admission
   * still open and unclaimed was asked for: one write per admission, none on later reads.
   */
  entryClaiming(eventId: string, accountId: string, now: Date): Promise<QueueEntry | null>;
  /** The moviegoer gives the place (or the shopping window) up. */
  leave(eventId: string, accountId: string, now: Date): Promise<QueueEntry | null>;
  figures(eventId: string, now: Date): Promise<EventFigures>;
  setPaused(eventId: string, paused: boolean, actor: string, now: Date): Promise<void>;
  /** Sets the day's controls given (the others as they are), each change recorded as its action. */
  setControls(eventId: string, controls: Partial<EventControls>, actor: string, now: Date): Promise<void>;
  /** Support: a shopping window now for this entry, out of turn. */
  admitEntry(eventId: string, accountId: string, actor: string, now: Date): Promise<QueueEntry | null>;
  removeEntry(eventId: string, accountId: string, actor: string, now: Date): Promise<QueueEntry | null>;
  /**
   * Staff cancel an event that has not opened (not drawn, its on-sale time ahead; `unreadable`: whatever its
   * state, as its time cannot be read): its shows are released and the cancel is recorded with who did it.
   */
  cancelEvent(eventId: string, by: { actor: string; now: Date; unreadable: boolean }): Promise<'cancelled' | 'started' | 'not-found'>;
  actions(eventId: string): Promise<WaitingRoomAction[]>;
}
