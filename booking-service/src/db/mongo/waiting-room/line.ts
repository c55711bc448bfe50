import { randomUUID } from 'node:crypto';
import type { QueueEntry, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import { admissionRunDue, admissionsPerRun } from '../../../waiting-room/queue-rules.ts';
import type { Models } from '../models.ts';
import { isDuplicateKeyError } from '../queries.ts';
import { entryId, entryOf, toEntry, type EntryDocument, type EventDocument, type WaitingRoomModels } from './documents.ts';
import { preQueueDraw } from './draw.ts';
import { shoppingNow } from './figures.ts';

/**
 * The admission run's lease: a run takes milliseconds; the lease only expires when its instance died holding it,
 * and then another takes it over.
 */
const ADMISSION_LEASE_MS = 30_000;

type Deps = Pick<Models, 'Booking'> & WaitingRoomModels;

/**
 * The line: joining it, the draw that orders the pre-queue, and the admissions. Without transactions, the
 * event document orders them: the draw is claimed on it (a lease, conditional on no draw and no cancel),
 * places after the draw are taken from its counter by `$inc`, and the admission run holds a lease on it.
 */
export function queueLineQueries(deps: Deps): Pick<WaitingRoomRepository, 'join' | 'draw' | 'admitNext'> {
  const { Event, Entry } = deps;
  const { draw, settledEvent } = preQueueDraw(deps);
  /** Events this instance saw drawn (a draw is never undone: the cancel refuses a drawn event). */
  const drawn = new Set<string>();

  /**
   * The next place in arrival order, written on the account's entry, made or not yet; null (nothing written)
   * while the event is not drawn.
   */
  async function joinAfterDraw(eventId: string, accountId: string, now: Date): Promise<QueueEntry | null> {
    const counter = await Event.findOneAndUpdate({ _id: eventId, drawnAt: { $ne: null } }, { $inc: { lastPlace: 1 } }, { returnDocument: 'after', projection: { lastPlace: 1 } }).lean<Pick<EventDocument, 'lastPlace'>>();
    if (!counter) return null;
    drawn.add(eventId);
    const place = counter.lastPlace;
    try {
      const created = await Entry.create(newEntry(eventId, accountId, now, place));
      return toEntry(created.toObject<EntryDocument>());
    } catch (error) {
      // Another request of the account joined first: its entry stands (the place taken is a gap: positions overstate).
      if (!isDuplicateKeyError(error)) throw error;
      const placed = await Entry.findOneAndUpdate({ _id: entryId(eventId, accountId), place: null }, { $set: { place } }, { returnDocument: 'after' }).lean<EntryDocument>();
      return placed ? toEntry(placed) : (await entryOf(Entry, eventId, accountId))!;
    }
  }

  /**
   * An entry in the pre-queue. A draw may have read the pre-queue between the event's read and this insert:
   * read again, and if a draw has begun, wait for it and take an arrival place if it did not place this entry.
   */
  async function joinPreQueue(eventId: string, accountId: string, now: Date): Promise<QueueEntry> {
    let created: QueueEntry | null = null;
    try {
      created = toEntry((await Entry.create(newEntry(eventId, accountId, now, null))).toObject<EntryDocument>());
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const event = await Event.findById(eventId, { drawnAt: 1, drawingBy: 1 }).lean<Pick<EventDocument, 'drawnAt' | 'drawingBy'>>();
    // No draw begun since the insert: the entry stands as written (a second request's: as the first wrote it).
    if (event?.drawnAt === null && event.drawingBy === null) return created ?? (await entryOf(Entry, eventId, accountId))!;
    await settledEvent(eventId, now);
    const entry = (await entryOf(Entry, eventId, accountId))!;
    return entry.place === null ? (await joinAfterDraw(eventId, accountId, now))! : entry;
  }

  return {
    draw,

    async join(eventId, accountId, now) {
      // The common repeat (a refresh, a second tab) reads and writes nothing more.
      const existing = await entryOf(Entry, eventId, accountId);
      if (existing) return existing;
      // Once an event is drawn it stays drawn: the rush after the draw takes its places without reading the event
      // (unless the database was put back to before the draw: then from the start, below).
      if (drawn.has(eventId)) {
        const placed = await joinAfterDraw(eventId, accountId, now);
        if (placed) return placed;
        drawn.delete(eventId);
      }
      const event = await settledEvent(eventId, now);
      return event.drawnAt === null ? joinPreQueue(eventId, accountId, now) : (await joinAfterDraw(eventId, accountId, now))!;
    },

    async admitNext(eventId, now) {
      // The admission run's lease: another instance admitting for this event holds it, and this one skips.
      const holder = randomUUID();
      const leased = await Event.findOneAndUpdate(
        { _id: eventId, $or: [{ admittingBy: null }, { admittingUntil: { $lte: now } }] },
        { $set: { admittingBy: holder, admittingUntil: new Date(now.getTime() + ADMISSION_LEASE_MS) } },
      ).lean<EventDocument>();
      if (!leased) return 0;
      try {
        return await admitUnderLease(leased, now);
      } finally {
        await Event.updateOne({ _id: eventId, admittingBy: holder }, { $set: { admittingBy: null, admittingUntil: null } });
      }
    },
  };

  /** Admits as the lease's holder; `leased`: the event as the lease found it (read again only while the draw is due or running). */
  async function admitUnderLease(leased: EventDocument, now: Date): Promise<number> {
    const eventId = leased._id;
    const event = leased.drawnAt === null ? await settledEvent(eventId, now) : leased;
    if (event.paused || event.drawnAt === null) return 0;
    // The event's ramp, whichever instance ran the last admissions (queue-rules.ts).
    if (!admissionRunDue(event.lastAdmittedAt, now)) return 0;
    const active = await shoppingNow(deps, event, now);
    const free = Math.min(event.shoppingCapacity - active, admissionsPerRun(event.shoppingCapacity));
    if (free <= 0) return 0;
    const next = await Entry.find({ eventId, place: { $ne: null }, admittedAt: null, leftAt: null, removedAt: null }, { _id: 1, place: 1 })
      .sort({ place: 1 })
      .limit(free)
      .lean<{ _id: string; place: number }[]>();
    if (next.length === 0) return 0;
    // Admission times never go back: instances' clocks (and the moments they read them) differ by a little.
    const admittedAt = event.lastAdmittedAt && event.lastAdmittedAt > now ? event.lastAdmittedAt : now;
    const windowEndsAt = new Date(now.getTime() + event.windowMinutes * 60_000);
    // Conditional on each entry as it is now: support may have admitted or removed one since the read (the moviegoer left).
    const admitted = await Entry.updateMany({ _id: { $in: next.map((e) => e._id) }, admittedAt: null, leftAt: null, removedAt: null }, { $set: { admittedAt, windowEndsAt } });
    await Event.updateOne({ _id: eventId }, { $max: { serving: Math.max(...next.map((e) => e.place)), lastAdmittedAt: admittedAt } });
    return admitted.modifiedCount;
  }
}

function newEntry(eventId: string, accountId: string, now: Date, place: number | null): EntryDocument {
  return { _id: entryId(eventId, accountId), eventId, accountId, joinedAt: now, place, admittedAt: null, windowEndsAt: null, claimedAt: null, leftAt: null, removedAt: null };
}
