import { randomInt, randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '../queries.ts';
import type { EventDocument, WaitingRoomModels } from './documents.ts';

/**
 * The draw's lease: a draw of 10,000 places takes a few seconds on FerretDB, renewing its lease batch by batch; the
 * lease only expires when its instance died or stalled holding it, and then another takes it over.
 */
const DRAW_LEASE_MS = 60_000;
/** How long a join waits for a draw that is running (real time), polling the event. */
const DRAW_WAIT_MS = 30_000;
const DRAW_POLL_MS = 20;
const DRAW_BATCH = 1_000;

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
 * The draw that orders the pre-queue at the on-sale time, on MongoDB without transactions: claimed on the event
 * document (a lease, conditional on no draw and no cancel), places written in batches under the unique place key,
 * the counter (`lastPlace`) and `drawnAt` set last by the lease's holder.
 */
export function preQueueDraw({ Event, Entry }: WaitingRoomModels) {
  /** The highest place given in the event: the counter's, or a draw's that died half way (its places stay). */
  async function highestPlace(eventId: string): Promise<number> {
    const [highest] = await Entry.find({ eventId, place: { $ne: null } }, { place: 1 }).sort({ place: -1 }).limit(1).lean<{ place: number }[]>();
    const event = await Event.findById(eventId, { lastPlace: 1 }).lean<Pick<EventDocument, 'lastPlace'>>();
    return Math.max(event?.lastPlace ?? 0, highest?.place ?? 0);
  }

  /**
   * Places the pre-queue in random order, as the holder of the draw's lease `holder`, renewing the lease before each
   * batch: a draw that keeps writing keeps it, and one that stalled past it (another instance took it over) stops at
   * its next batch. A write still in flight when the other began may take a place the other gives too: the unique
   * place key refuses the second, and the entries it left unplaced are placed again above the highest place given.
   */
  async function runDraw(eventId: string, holder: string, now: Date) {
    const startedAt = Date.now();
    const clock = () => new Date(now.getTime() + Date.now() - startedAt);
    const keepLease = async () => (await Event.updateOne({ _id: eventId, drawingBy: holder }, { $set: { drawingSince: clock() } })).matchedCount === 1;
    for (let collided = true; collided; ) {
      collided = false;
      const unplaced = await Entry.find({ eventId, place: null }, { _id: 1 }).lean<{ _id: string }[]>();
      const base = await highestPlace(eventId);
      const order = shuffled(unplaced.map((entry) => entry._id));
      for (let start = 0; start < order.length && !collided; start += DRAW_BATCH) {
        if (!(await keepLease())) return;
        try {
          await Entry.bulkWrite(
            order.slice(start, start + DRAW_BATCH).map((_id, i) => ({ updateOne: { filter: { _id, place: null }, update: { $set: { place: base + start + i + 1 } } } })),
            { ordered: false },
          );
        } catch (error) {
          // DocumentDB may also abort one of two such writes as a deadlock (PostgreSQL's check): the same conflict.
          if (!isDuplicateKeyError(error) && !/deadlock detected/.test((error as Error).message)) throw error;
          collided = true;
        }
      }
    }
    // Joins take places from lastPlace only once drawnAt is set, so nobody else moved it meanwhile.
    const lastPlace = await highestPlace(eventId);
    await Event.updateOne({ _id: eventId, drawingBy: holder }, { $set: { drawnAt: now, lastPlace, drawingBy: null, drawingSince: null } });
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

  return { draw, settledEvent };
}
