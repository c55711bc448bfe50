import type { WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import { ADMISSION_GRACE_MS } from '../../../waiting-room/queue-rules.ts';
import type { Models } from '../models.ts';
import { entryId, entryOf, record, toEntry, type EntryDocument, type EventDocument, type WaitingRoomModels } from './documents.ts';

type Deps = Pick<Models, 'User'> & WaitingRoomModels;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One moviegoer's entry: read, claimed, given up, and support's admit or remove out of turn. */
export function queueEntryQueries({ User, Event, Entry, Action }: Deps): Pick<
  WaitingRoomRepository,
  'entry' | 'drawnPlaces' | 'findEntry' | 'entryClaiming' | 'leave' | 'admitEntry' | 'removeEntry'
> {
  const update = async (eventId: string, accountId: string, filter: object, set: Partial<EntryDocument>) => {
    const doc = await Entry.findOneAndUpdate({ _id: entryId(eventId, accountId), ...filter }, { $set: set }, { returnDocument: 'after' }).lean<EntryDocument>();
    return doc ? toEntry(doc) : null;
  };

  return {
    entry: (eventId, accountId) => entryOf(Entry, eventId, accountId),

    async drawnPlaces(eventId) {
      // Joined before the draw: the pre-queue it placed (later arrivals learn their place when they join).
      const event = await Event.findById(eventId, { drawnAt: 1 }).lean<Pick<EventDocument, 'drawnAt'>>();
      if (!event?.drawnAt) return new Map();
      const found = await Entry.find({ eventId, place: { $ne: null }, joinedAt: { $lte: event.drawnAt } }, { accountId: 1, place: 1 }).lean<{ accountId: string; place: number }[]>();
      return new Map(found.map((entry) => [entry.accountId, entry.place]));
    },

    async findEntry(eventId, accountIdOrEmail) {
      const users = await User.find(
        { $or: [{ _id: accountIdOrEmail }, { email: { $regex: `^${escapeRegExp(accountIdOrEmail)}$`, $options: 'i' } }] },
        { _id: 1 },
      ).lean<{ _id: string }[]>();
      // The account id first, as PostgreSQL orders them.
      const ids = users.map((user) => user._id).sort((a, b) => Number(b === accountIdOrEmail) - Number(a === accountIdOrEmail));
      for (const id of ids) {
        const entry = await entryOf(Entry, eventId, id);
        if (entry) return entry;
      }
      return null;
    },

    async entryClaiming(eventId, accountId, now) {
      // The claim first, conditional on the admission being due (open, within the grace, unclaimed): the poll
      // that comes on the turn claims in one command; a second poll racing it, or any other, writes nothing and
      // reads the entry as it is.
      const claimFilter = { admittedAt: { $gt: new Date(now.getTime() - ADMISSION_GRACE_MS) }, claimedAt: null, windowEndsAt: { $gt: now }, leftAt: null, removedAt: null };
      return (await update(eventId, accountId, claimFilter, { claimedAt: now })) ?? entryOf(Entry, eventId, accountId);
    },

    async leave(eventId, accountId, now) {
      return (await update(eventId, accountId, { leftAt: null, removedAt: null }, { leftAt: now })) ?? entryOf(Entry, eventId, accountId);
    },

    async admitEntry(eventId, accountId, actor, now) {
      const event = await Event.findById(eventId, { windowMinutes: 1 }).lean<Pick<EventDocument, 'windowMinutes'>>();
      if (!event) return null;
      const windowEndsAt = new Date(now.getTime() + event.windowMinutes * 60_000);
      const admitted = await update(eventId, accountId, {}, { admittedAt: now, windowEndsAt, claimedAt: null, leftAt: null, removedAt: null });
      if (admitted) await record(Action, { eventId, actor, action: 'admit', accountId }, now);
      return admitted;
    },

    async removeEntry(eventId, accountId, actor, now) {
      const removed = await update(eventId, accountId, {}, { removedAt: now });
      if (removed) await record(Action, { eventId, actor, action: 'remove', accountId }, now);
      return removed;
    },
  };
}
