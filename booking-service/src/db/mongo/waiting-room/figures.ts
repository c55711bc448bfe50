import type { EventFigures, EventPulse, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import { ADMISSION_GRACE_MS } from '../../../waiting-room/queue-rules.ts';
import type { Models } from '../models.ts';
import { seatsOfShows } from '../show-capacity.ts';
import type { EntryDocument, EventDocument, WaitingRoomModels } from './documents.ts';

/** How far back an admission may still be open (windows last at most 60 minutes), as on PostgreSQL. */
const OPEN_ADMISSIONS_LOOKBACK_MS = 61 * 60_000;

/** What the admissions read (line.ts too). */
type ShoppingDeps = Pick<Models, 'Booking'> & WaitingRoomModels;
/** The figures read the event's shows' screens as well, for their seats. */
type Deps = ShoppingDeps & Pick<Models, 'Show' | 'Cinema'>;

/**
 * The accounts among `entries` that paid for a booking of the event's shows since their admission (a purchase
 * ends the window). One query for them all; the comparison with each admission time is done here.
 */
async function paidSinceAdmission({ Booking }: ShoppingDeps, event: Pick<EventDocument, 'showIds'>, entries: EntryDocument[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const paid = await Booking.find(
    { userId: { $in: entries.map((e) => e.accountId) }, showId: { $in: event.showIds }, isPaid: true },
    { userId: 1, createdAt: 1 },
  ).lean<{ userId: string; createdAt: Date }[]>();
  const admittedAt = new Map(entries.map((e) => [e.accountId, e.admittedAt!.getTime()]));
  return new Set(paid.filter((b) => b.createdAt.getTime() >= admittedAt.get(b.userId)!).map((b) => b.userId));
}

/**
 * How many windows take a slot at `now`: admitted, open, claimed (or within the grace), not given up or
 * removed, and no purchase for the event since the admission (PostgreSQL's activeShopping).
 */
export async function shoppingNow(deps: ShoppingDeps, event: Pick<EventDocument, '_id' | 'showIds'>, now: Date): Promise<number> {
  const open = await deps.Entry.find({
    eventId: event._id,
    admittedAt: { $ne: null },
    windowEndsAt: { $gt: now },
    leftAt: null,
    removedAt: null,
    $or: [{ claimedAt: { $ne: null } }, { admittedAt: { $gt: new Date(now.getTime() - ADMISSION_GRACE_MS) } }],
  }).lean<EntryDocument[]>();
  const paid = await paidSinceAdmission(deps, event, open);
  return open.filter((e) => !paid.has(e.accountId)).length;
}

/** Accounts whose admission is within its window but has ended: they left, were removed, or paid for the event. */
async function endedAdmissions(deps: Deps, event: EventDocument, now: Date, accountId?: string): Promise<Set<string>> {
  const recent = await deps.Entry.find({
    eventId: event._id,
    ...(accountId !== undefined && { accountId }),
    admittedAt: { $gt: new Date(now.getTime() - OPEN_ADMISSIONS_LOOKBACK_MS) },
    windowEndsAt: { $gt: new Date(now.getTime() - 60_000) },
  }).lean<EntryDocument[]>();
  const gone = recent.filter((e) => e.leftAt !== null || e.removedAt !== null).map((e) => e.accountId);
  const paid = await paidSinceAdmission(deps, event, recent.filter((e) => e.leftAt === null && e.removedAt === null));
  return new Set([...gone, ...paid]);
}

/** Seats of the event's shows sold or held by a hold still running. */
async function seatsTaken({ Booking }: Deps, event: EventDocument, now: Date): Promise<number> {
  const taken = await Booking.find(
    { showId: { $in: event.showIds }, live: true, $or: [{ isPaid: true }, { holdExpiresAt: { $gt: now } }] },
    { seats: 1 },
  ).lean<{ seats: string[] }[]>();
  return taken.reduce((sum, booking) => sum + booking.seats.length, 0);
}

/** What the polls and the live panel read of an event: its pulse and its figures. */
export function eventFigureQueries(deps: Deps): Pick<WaitingRoomRepository, 'pulse' | 'figures' | 'admissionEnded'> {
  const { Event, Entry, Action } = deps;

  async function eventOf(eventId: string): Promise<EventDocument> {
    const event = await Event.findById(eventId).lean<EventDocument>();
    if (!event) throw new Error(`no on-sale event ${eventId}`);
    return event;
  }

  async function pulse(eventId: string, now: Date): Promise<EventPulse> {
    const event = await eventOf(eventId);
    const [seats, taken, admitted, outOfTurn, ended] = await Promise.all([
      seatsOfShows(deps, event.showIds),
      seatsTaken(deps, event, now),
      Entry.countDocuments({ eventId, admittedAt: { $gt: new Date(now.getTime() - 60_000) } }),
      Action.find({ eventId, action: { $in: ['admit', 'remove'] } }, { accountId: 1 }).lean<{ accountId: string | null }[]>(),
      endedAdmissions(deps, event, now),
    ]);
    return {
      seatsLeft: seats - taken,
      admittedLastMinute: admitted,
      outOfTurn: new Set(outOfTurn.flatMap((a) => (a.accountId ? [a.accountId] : []))),
      endedAdmissions: ended,
    };
  }

  return {
    pulse,

    async admissionEnded(eventId, accountId, now) {
      return (await endedAdmissions(deps, await eventOf(eventId), now, accountId)).has(accountId);
    },

    async figures(eventId, now): Promise<EventFigures> {
      const event = await eventOf(eventId);
      const present = { eventId, leftAt: null, removedAt: null };
      const [preQueue, waiting, shopping, { seatsLeft, admittedLastMinute }, seats] = await Promise.all([
        Entry.countDocuments({ ...present, place: null }),
        Entry.countDocuments({ ...present, place: { $ne: null }, admittedAt: null }),
        shoppingNow(deps, event, now),
        pulse(eventId, now),
        seatsOfShows(deps, event.showIds),
      ]);
      return { preQueue, waiting, shopping, admittedLastMinute, seats, seatsLeft };
    },
  };
}
