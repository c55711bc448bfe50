import { LONGEST_POLL_SECONDS, QUEUE_POLL_SECONDS } from '../../../contract/seats/sales.ts';
import { Schema, type Connection, type Model } from 'mongoose';
import type { OnSaleEvent, QueueEntry, WaitingRoomAction } from '../../../waiting-room/waiting-room-repository.ts';

/**
 * The waiting room's collections on MongoDB: the events (`on_sale_events`, each carrying its shows and the
 * line's counters), the entries (`queue_entries`, one per account and event under a composite `_id`) and the
 * staff and support actions (`waiting_room_actions`).
 */

/** An event as stored: the domain's fields, plus what keeps the line in order without transactions. */
export interface EventDocument extends Omit<OnSaleEvent, 'id'> {
  _id: string;
  /** False once cancelled: the unique index on `showIds` covers live events only, so a show is in one live event. */
  live: boolean;
  cancelledAt: Date | null;
  /** The highest place given so far (the draw's block, then one per arrival, by `$inc`). */
  lastPlace: number;
  /** The draw's lease: who runs it, since when (a join waits while it runs; an expired lease is taken over). */
  drawingBy: string | null;
  drawingSince: Date | null;
  /** The admission run's lease: one instance at a time admits for the event. */
  admittingBy: string | null;
  admittingUntil: Date | null;
  /** The latest admission time given: admission times never go back, whatever the instances' clocks. */
  lastAdmittedAt: Date | null;
}

export interface EntryDocument extends QueueEntry {
  /** `${eventId}/${accountId}`: one entry per account, enforced by `_id` itself (the cheapest unique key). */
  _id: string;
}

export interface ActionDocument extends WaitingRoomAction {
  _id: string;
}

const options = (collection: string) => ({
  collection,
  strict: 'throw' as const,
  strictQuery: 'throw' as const,
  versionKey: false as const,
  id: false,
  autoIndex: false,
  autoCreate: false,
});
const text = { type: String, required: true };
const nullableText = { type: String, default: null };
const date = { type: Date, required: true };
const nullableDate = { type: Date, default: null };
const whole = { type: Number, required: true, min: 0, validate: { validator: Number.isSafeInteger, message: '{PATH} must be a whole number' } };
const nullableWhole = { type: Number, default: null, validate: { validator: (v: unknown) => v === null || Number.isSafeInteger(v), message: '{PATH} must be a whole number' } };

const eventSchema = new Schema<EventDocument>(
  {
    _id: text,
    name: text,
    onSaleAt: date,
    waitingRoom: { type: Boolean, required: true },
    shoppingCapacity: whole,
    windowMinutes: whole,
    paused: { type: Boolean, required: true },
    // Absent on events written before the day's controls (issue 56): read as their defaults (toEvent).
    salesClosed: { type: Boolean, default: false },
    streamsOff: { type: Boolean, default: false },
    pollEverySeconds: { type: Number, default: QUEUE_POLL_SECONDS, min: QUEUE_POLL_SECONDS, max: LONGEST_POLL_SECONDS },
    serving: whole,
    drawnAt: nullableDate,
    showIds: { type: [String], required: true },
    createdBy: text,
    createdAt: date,
    live: { type: Boolean, required: true },
    cancelledAt: nullableDate,
    lastPlace: whole,
    drawingBy: nullableText,
    drawingSince: nullableDate,
    admittingBy: nullableText,
    admittingUntil: nullableDate,
    lastAdmittedAt: nullableDate,
  },
  options('on_sale_events'),
);
// A show belongs to one live event at most: one index key per show (multikey), over live events only (as the seat ledger).
eventSchema.index({ showIds: 1 }, { unique: true, partialFilterExpression: { live: true }, name: 'on_sale_events_live_show_key' });

const entrySchema = new Schema<EntryDocument>(
  {
    _id: text,
    eventId: text,
    accountId: text,
    joinedAt: date,
    place: nullableWhole,
    admittedAt: nullableDate,
    windowEndsAt: nullableDate,
    claimedAt: nullableDate,
    leftAt: nullableDate,
    removedAt: nullableDate,
  },
  options('queue_entries'),
);
// The next in line (admissions), the pre-queue (the draw) and the recent admissions (the pulse).
entrySchema.index({ eventId: 1, place: 1 }, { name: 'queue_entries_event_place_idx' });
// One account per place, as PostgreSQL's key of the same name: a draw that outlived its lease and another that took
// it over cannot both give a place. Entries without a place yet (the pre-queue) are outside it; descending, it also
// answers the draw's "highest place given".
entrySchema.index(
  { eventId: 1, place: -1 },
  { unique: true, partialFilterExpression: { place: { $type: 'number' } }, name: 'queue_entries_event_place_key' },
);
entrySchema.index({ eventId: 1, admittedAt: 1 }, { name: 'queue_entries_event_admitted_idx' });

const actionSchema = new Schema<ActionDocument>(
  {
    _id: text,
    eventId: text,
    actor: text,
    action: { type: String, required: true, enum: ['create', 'pause', 'resume', 'admit', 'remove', 'cancel', 'close-sales', 'reopen-sales', 'streams-off', 'streams-on', 'poll-interval', 'queue-everyone', 'queue-off'] },
    accountId: nullableText,
    at: date,
  },
  options('waiting_room_actions'),
);
actionSchema.index({ eventId: 1, at: -1 }, { name: 'waiting_room_actions_event_at_idx' });

export interface WaitingRoomModels {
  Event: Model<EventDocument>;
  Entry: Model<EntryDocument>;
  Action: Model<ActionDocument>;
}

function model<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] ?? connection.model(name, schema)) as Model<T>;
}

export function createWaitingRoomModels(connection: Connection): WaitingRoomModels {
  return {
    Event: model(connection, 'OnSaleEvent', eventSchema),
    Entry: model(connection, 'QueueEntry', entrySchema),
    Action: model(connection, 'WaitingRoomAction', actionSchema),
  };
}

export const entryId = (eventId: string, accountId: string) => `${eventId}/${accountId}`;

export function toEvent(doc: EventDocument): OnSaleEvent {
  return {
    id: doc._id,
    name: doc.name,
    onSaleAt: doc.onSaleAt,
    waitingRoom: doc.waitingRoom,
    shoppingCapacity: doc.shoppingCapacity,
    windowMinutes: doc.windowMinutes,
    paused: doc.paused,
    salesClosed: doc.salesClosed ?? false,
    streamsOff: doc.streamsOff ?? false,
    pollEverySeconds: doc.pollEverySeconds ?? QUEUE_POLL_SECONDS,
    serving: doc.serving,
    drawnAt: doc.drawnAt,
    showIds: [...doc.showIds].sort(),
    createdBy: doc.createdBy,
    createdAt: doc.createdAt,
  };
}

export function toEntry(doc: EntryDocument): QueueEntry {
  return {
    eventId: doc.eventId,
    accountId: doc.accountId,
    joinedAt: doc.joinedAt,
    place: doc.place,
    admittedAt: doc.admittedAt,
    windowEndsAt: doc.windowEndsAt,
    claimedAt: doc.claimedAt,
    leftAt: doc.leftAt,
    removedAt: doc.removedAt,
  };
}

export async function record(Action: Model<ActionDocument>, action: Omit<WaitingRoomAction, 'at'>, now: Date) {
  await Action.create({ _id: crypto.randomUUID(), ...action, at: now });
}

export async function entryOf(Entry: Model<EntryDocument>, eventId: string, accountId: string): Promise<QueueEntry | null> {
  const doc = await Entry.findById(entryId(eventId, accountId)).lean<EntryDocument>();
  return doc ? toEntry(doc) : null;
}
