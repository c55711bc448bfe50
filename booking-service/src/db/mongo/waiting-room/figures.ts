import type { EventFigures, EventPulse, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import { ADMISSION_GRACE_MS } from '../../../waiting-room/queue-rules.ts';
import type { Models } from '../models.ts';
import { seatsOfShows } from '../show-capacity.ts';
import { entryId, type EntryDocument, type EventDocument, type WaitingRoomModels } from './documents.ts';

/** How far back an admission may still be open (windows last at most 60 minutes), as on PostgreSQL. */
const OPEN_ADMISSIONS_LOOKBACK_MS = 61 * 60_000;

/** What the admissions read (line.ts too). */
type ShoppingDeps = Pick<Models, 'Booking'> & WaitingRoomModels;
/** The figures read the event's shows' screens as well, for their seats. */
type Deps = ShoppingDeps & Pick<Models, 'Show' | 'Cinema'>;

/** What an admission's entry says of its end: who, since when, and whether it was given up or removed. */
type AdmissionDocument = Pick<EntryDocument, 'accountId' | 'admittedAt' | 'leftAt' | 'removedAt'>;
const ADMISSION_FIELDS = { _id: 0, accountId: 1, admittedAt: 1, leftAt: 1, removedAt: 1 };

/** A paid booking of the event's shows: whose, and when it was made. */
type Payment = { userId: string; createdAt: Date };

/** The accounts among `entries` with a payment made since their admission (a purchase ends the window). */
function paidAfterAdmission(payments: Payment[], entries: AdmissionDocument[]): Set<string> {
  const admittedAt = new Map(entries.map((e) => [e.accountId, e.admittedAt!.getTime()]));
  return new Set(payments.filter((p) => admittedAt.has(p.userId) && p.createdAt.getTime() >= admittedAt.get(p.userId)!).map((p) => p.userId));
}

/** The accounts among `entries` that paid for a booking of the event's shows since their admission: one query for them all. */
async function paidSinceAdmission({ Booking }: ShoppingDeps, showIds: string[], entries: AdmissionDocument[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const payments = await Booking.find({ userId: { $in: entries.map((e) => e.accountId) }, showId: { $in: showIds }, isPaid: true }, { userId: 1, createdAt: 1 }).lean<Payment[]>();
  return paidAfterAdmission(payments, entries);
}

/**
 * How many windows take a slot at `now`: admitted, open, claimed (or within the grace), not given up or
 * removed, and no purchase for the event since the admission (PostgreSQL's activeShopping).
 */
export async function shoppingNow(deps: ShoppingDeps, event: Pick<EventDocument, '_id' | 'showIds'>, now: Date): Promise<number> {
  const open = await deps.Entry.find(
    {
      eventId: event._id,
      admittedAt: { $ne: null },
      windowEndsAt: { $gt: now },
      leftAt: null,
      removedAt: null,
      $or: [{ claimedAt: { $ne: null } }, { admittedAt: { $gt: new Date(now.getTime() - ADMISSION_GRACE_MS) } }],
    },
    ADMISSION_FIELDS,
  ).lean<AdmissionDocument[]>();
  const paid = await paidSinceAdmission(deps, event.showIds, open);
  return open.filter((e) => !paid.has(e.accountId)).length;
}

/** Admitted within the lookback and the window not over a minute ago: an admission that may still be honoured. */
function mayBeOpen(eventId: string, now: Date) {
  return { eventId, admittedAt: { $gt: new Date(now.getTime() - OPEN_ADMISSIONS_LOOKBACK_MS) }, windowEndsAt: { $gt: new Date(now.getTime() - 60_000) } };
}

/**
 * Accounts whose admission is within its window but has ended: they left, were removed, or paid for the event.
 * The server picks the ended ones and answers them in one document, as PostgreSQL's array_agg (on DocumentDB 6 ms
 * against 10 ms for a find of the same 1,000): before, every recent admission was read each second on each
 * instance, growing all through a sale. The payers come from the event's paid bookings of the lookback (a few),
 * then their entries.
 */
async function endedAdmissions(deps: Deps, eventId: string, showIds: string[], now: Date): Promise<Set<string>> {
  const open = mayBeOpen(eventId, now);
  const [gone] = await deps.Entry.aggregate<{ accounts: string[] }>([
    { $match: { ...open, $or: [{ leftAt: { $ne: null } }, { removedAt: { $ne: null } }] } },
    { $group: { _id: null, accounts: { $push: '$accountId' } } },
  ]);
  const ended = new Set(gone?.accounts ?? []);
  const payments = await deps.Booking.find({ isPaid: true, createdAt: open.admittedAt, showId: { $in: showIds } }, { userId: 1, createdAt: 1 }).lean<Payment[]>();
  const payers = [...new Set(payments.map((payment) => payment.userId))].filter((accountId) => !ended.has(accountId));
  if (payers.length === 0) return ended;
  const admissions = await deps.Entry.find({ ...open, _id: { $in: payers.map((accountId) => entryId(eventId, accountId)) }, leftAt: null, removedAt: null }, ADMISSION_FIELDS).lean<AdmissionDocument[]>();
  for (const accountId of paidAfterAdmission(payments, admissions)) ended.add(accountId);
  return ended;
}

/** Whether this account's admission is within its window but has ended (a booking's check: its entry by id, then its payments). */
async function admissionEndedFor(deps: Deps, eventId: string, showIds: string[], accountId: string, now: Date): Promise<boolean> {
  const entry = await deps.Entry.findOne({ ...mayBeOpen(eventId, now), _id: entryId(eventId, accountId) }, ADMISSION_FIELDS).lean<AdmissionDocument>();
  if (!entry) return false;
  if (entry.leftAt !== null || entry.removedAt !== null) return true;
  return (await paidSinceAdmission(deps, showIds, [entry])).size > 0;
}

/**
 * Seats of the event's shows sold or held by a hold still running. Read and summed here: the same sum as a
 * server-side $group took 8x as long on FerretDB 2.5 over DocumentDB (10 ms against 1.2 ms, 180 live bookings).
 */
async function seatsTaken({ Booking }: Deps, showIds: string[], now: Date): Promise<number> {
  const taken = await Booking.find({ showId: { $in: showIds }, live: true, $or: [{ isPaid: true }, { holdExpiresAt: { $gt: now } }] }, { _id: 0, seats: 1 }).lean<{ seats: string[] }[]>();
  return taken.reduce((sum, booking) => sum + booking.seats.length, 0);
}

/**
 * How long an instance keeps an event's shows and their seats: its shows never change (a cancel ends the event),
 * their seats only with a screen's layout (at a deployment), so the per-second pulse need not read them each time.
 */
const EVENT_SEATS_MAX_AGE_MS = 60_000;

/** What the polls and the live panel read of an event: its pulse and its figures. */
export function eventFigureQueries(deps: Deps): Pick<WaitingRoomRepository, 'pulse' | 'figures' | 'admissionEnded'> {
  const { Event, Entry, Action } = deps;
  const known = new Map<string, { showIds: string[]; seats: number; readAt: number }>();

  /** The event's shows and their seats, read at most once a minute (real time) per instance. */
  async function showsAndSeats(eventId: string): Promise<{ showIds: string[]; seats: number }> {
    const kept = known.get(eventId);
    if (kept && Date.now() - kept.readAt < EVENT_SEATS_MAX_AGE_MS) return kept;
    const event = await Event.findById(eventId, { showIds: 1 }).lean<Pick<EventDocument, 'showIds'>>();
    if (!event) throw new Error(`no on-sale event ${eventId}`);
    const read = { showIds: event.showIds, seats: await seatsOfShows(deps, event.showIds), readAt: Date.now() };
    known.set(eventId, read);
    return read;
  }

  async function pulse(eventId: string, now: Date): Promise<EventPulse> {
    const { showIds, seats } = await showsAndSeats(eventId);
    const [taken, admitted, outOfTurn, ended] = await Promise.all([
      seatsTaken(deps, showIds, now),
      Entry.countDocuments({ eventId, admittedAt: { $gt: new Date(now.getTime() - 60_000) } }),
      Action.find({ eventId, action: { $in: ['admit', 'remove'] } }, { accountId: 1 }).lean<{ accountId: string | null }[]>(),
      endedAdmissions(deps, eventId, showIds, now),
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
      return admissionEndedFor(deps, eventId, (await showsAndSeats(eventId)).showIds, accountId, now);
    },

    async figures(eventId, now): Promise<EventFigures> {
      const present = { eventId, leftAt: null, removedAt: null };
      const { showIds, seats } = await showsAndSeats(eventId);
      const [preQueue, waiting, shopping, { seatsLeft, admittedLastMinute }] = await Promise.all([
        Entry.countDocuments({ ...present, place: null }),
        Entry.countDocuments({ ...present, place: { $ne: null }, admittedAt: null }),
        shoppingNow(deps, { _id: eventId, showIds }, now),
        pulse(eventId, now),
      ]);
      return { preQueue, waiting, shopping, admittedLastMinute, seats, seatsLeft };
    },
  };
}
