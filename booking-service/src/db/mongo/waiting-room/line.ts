import { randomInt, randomUUID } from 'node:crypto';
import type { QueueEntry, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import { admissionRunDue, admissionsPerRun } from '../../../waiting-room/queue-rules.ts';
import type { Models } from '../models.ts';
import { isDuplicateKeyError } from '../queries.ts';
import { entryId, entryOf, toEntry, type EntryDocument, type EventDocument, type WaitingRoomModels } from './documents.ts';
import { shoppingNow } from './figures.ts';

/**
 * Leases: the draw's and the admission run's. A run takes milliseconds (a draw of 10,000 places, a few
 * seconds); a lease only expires when its instance died holding it, and then another takes it over.
 */
const DRAW_LEASE_MS = 60_000;
const ADMISSION_LEASE_MS = 30_000;
/** How long a join waits for a draw that is running (real time), polling the event. */
const DRAW_WAIT_MS = 30_000;
const DRAW_POLL_MS = 20;
const DRAW_BATCH = 1_000;

type Deps = Pick<Models, 'Booking'> & WaitingRoomModels;

/** Fisher-Yates with the system's random numbers: every order equally likely. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The line: joining it, the draw that orders the pre-queue, and the admissions. Without transactions, the
 * event document orders them: the draw is claimed on it (a lease, conditional on no draw and no cancel),
 * places after the draw are taken from its counter by `$inc`, and the admission run holds a lease on it.
 */
export function queueLineQueries(deps: Deps): Pick<WaitingRoomRepository, 'join' | 'draw' | 'admitNext'> {
  const { Event, Entry } = deps;
  /** Events this instance saw drawn (a draw is never undone: the cancel refuses a drawn event). */
  const drawn = new Set<string>();

  /** Places the pre-queue in random order, as the holder of the draw's lease `holder`. */
  async function runDraw(eventId: string, holder: string, now: Date) {
    const unplaced = await Entry.find({ eventId, place: null }, { _id: 1 }).lean<{ _id: string }[]>();
    // After a draw that died half way (its lease expired), the places it gave stay and the rest follow them.
    const [highest] = await Entry.find({ eventId, place: { $ne: null } }, { place: 1 }).sort({ place: -1 }).limit(1).lean<{ place: number }[]>();
    const event = await Event.findById(eventId, { lastPlace: 1 }).lean<Pick<EventDocument, 'lastPlace'>>();
    const base = Math.max(event?.lastPlace ?? 0, highest?.place ?? 0);
    const order = shuffled(unplaced.map((entry) => entry._id));
    for (let start = 0; start < order.length; start += DRAW_BATCH) {
      await Entry.bulkWrite(
        order.slice(start, start + DRAW_BATCH).map((_id, i) => ({ updateOne: { filter: { _id, place: null }, update: { $set: { place: base + start + i + 1 } } } })),
        { ordered: false },
      );
    }
    // Joins take places from lastPlace only once drawnAt is set, so nobody else moved it meanwhile.
    await Event.updateOne({ _id: eventId, drawingBy: holder }, { $set: { drawnAt: now, lastPlace: base + order.length, drawingBy: null, drawingSince: null } });
  }

  /** Claims the draw when it is due and nobody runs it (or the runner's lease expired); runs it. True if this call did. */
  async function draw(eventId: string, now: Date): Promise<boolean> {
    const holder = randomUUID();
    const claimed = await Event.findOneAndUpdate(
      {
        _id: eventId,
        live: true,
        drawnAt: null,
        onSaleAt: { $lte: now },
        $or: [{ drawingBy: null }, { drawingSince: { $lte: new Date(now.getTime() - DRAW_LEASE_MS) } }],
      },
      { $set: { drawingBy: holder, drawingSince: now } },
    ).lean();
    if (!claimed) return false;
    await runDraw(eventId, holder, now);
    return true;
  }

  /** The event once no draw is running: drawn, or not due. Runs the draw when due; waits for another's. */
  async function settledEvent(eventId: string, now: Date): Promise<EventDocument> {
    const deadline = Date.now() + DRAW_WAIT_MS;
    for (;;) {
      const event = await Event.findById(eventId).lean<EventDocument>();
      if (!event) throw new Error(`no on-sale event ${eventId}`);
      const due = event.live && event.drawnAt === null && event.onSaleAt <= now;
      if (!due && event.drawingBy === null) return event;
      if (due && (await draw(eventId, now))) continue;
      if (event.drawnAt !== null) return event;
      if (Date.now() > deadline) throw new Error(`the draw of on-sale event ${eventId} is taking longer than ${DRAW_WAIT_MS / 1000} s`);
      await sleep(DRAW_POLL_MS);
    }
  }

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
      // Once an event is drawn it stays drawn: the rush after the draw takes its places without reading the event.
      if (drawn.has(eventId)) return (await joinAfterDraw(eventId, accountId, now))!;
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
    const admitted = await Entry.updateMany({ _id: { $in: next.map((e) => e._id) }, admittedAt: null }, { $set: { admittedAt, windowEndsAt } });
    await Event.updateOne({ _id: eventId }, { $max: { serving: Math.max(...next.map((e) => e.place)), lastAdmittedAt: admittedAt } });
    return admitted.modifiedCount;
  }
}

function newEntry(eventId: string, accountId: string, now: Date, place: number | null): EntryDocument {
  return { _id: entryId(eventId, accountId), eventId, accountId, joinedAt: now, place, admittedAt: null, windowEndsAt: null, claimedAt: null, leftAt: null, removedAt: null };
}
