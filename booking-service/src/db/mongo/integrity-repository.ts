import type { Model } from 'mongoose';
import type { DoubleSale, IntegrityRepository, PaidBookingRecord, StoreIdentity, TableCounts } from '../../store/types.ts';
import { confirmationLog } from './confirmation-log.ts';
import { rebuildIndex, verifyIndexes } from './index-verification.ts';
import type { Models } from './models.ts';
import type { StoreIdentityDocument } from './schemas.ts';
import type { WaitingRoomModels } from './waiting-room/documents.ts';

const IDENTITY_ID = 'store';

function toIdentity(doc: StoreIdentityDocument): StoreIdentity {
  return { id: doc.storeId, createdAt: doc.createdAt, seen: { movies: doc.moviesSeen ?? 0, shows: doc.showsSeen ?? 0, bookings: doc.bookingsSeen ?? 0 } };
}

async function countCollection(model: Model<never>): Promise<number> {
  try {
    return await model.countDocuments({});
  } catch (error) {
    throw new Error(`The ${model.collection.collectionName} collection cannot be read (${(error as Error).message})`, { cause: error });
  }
}

export function createIntegrityRepository(models: Models, waitingRoom: WaitingRoomModels): IntegrityRepository {
  const { StoreIdentity: Identity, Booking: Bookings } = models;
  // Every collection's unique indexes, the waiting room's (one live event per show, one account per place) with them.
  const guarded = { ...models, ...waitingRoom };

  async function identity() {
    const doc = await Identity.findOne({ _id: { $eq: IDENTITY_ID } }).lean<StoreIdentityDocument>();
    return doc ? toIdentity(doc) : null;
  }

  return {
    identity,

    async initialise({ id, createdAt }) {
      // An upsert that only inserts: of several instances starting at once, the first identity stays.
      await Identity.updateOne(
        { _id: { $eq: IDENTITY_ID } },
        { $setOnInsert: { storeId: id, createdAt, moviesSeen: 0, showsSeen: 0, bookingsSeen: 0 } },
        { upsert: true },
      );
      return (await identity())!;
    },

    async countRows() {
      const counted = (model: unknown) => countCollection(model as Model<never>);
      const counts: TableCounts = { movies: await counted(models.Movie), shows: await counted(models.Show), bookings: await counted(models.Booking) };
      for (const model of [models.Cinema, models.User, models.Favorite, models.Outbox, models.WebhookEvent, models.CheckoutSession, models.StoreIdentity]) await counted(model);
      return counts;
    },

    async recordSeen({ movies, shows, bookings }) {
      await Identity.updateOne({ _id: { $eq: IDENTITY_ID } }, { $max: { moviesSeen: movies, showsSeen: shows, bookingsSeen: bookings } });
    },

    async ledgerMismatches() {
      // The ledger is the live flag of each booking (under the unique index on live bookings' seats).
      const [bookingsMissingSeats, seatsWithoutLiveBooking] = await Promise.all([
        Bookings.countDocuments({ status: { $ne: 'cancelled' }, live: false }),
        Bookings.countDocuments({ status: 'cancelled', live: true }),
      ]);
      return { bookingsMissingSeats, seatsWithoutLiveBooking };
    },

    // MongoDB has no triggers to count inserts in the inserting write or to refuse removals: its tables
    // are checked by their most rows seen (recordSeen). Deny the service's user the remove action on
    // them instead (a custom role: docs/operators/reliability.md).
    historyDamage: async () => [],

    async growingTotals() {
      const [bookings, paidBookings, emails, webhookEvents] = await Promise.all([
        Bookings.countDocuments({}),
        Bookings.countDocuments({ paidAt: { $ne: null } }),
        models.Outbox.countDocuments({}),
        models.WebhookEvent.countDocuments({}),
      ]);
      return { bookings, paidBookings, emails, webhookEvents };
    },

    async paidSince(since, limit) {
      const docs = await Bookings.find({ paidAt: { $gte: since } }, { _id: 1, ticketCode: 1, showId: 1, seats: 1, paidAt: 1 })
        .sort({ paidAt: -1 })
        .limit(limit)
        .lean();
      return docs.map((doc): PaidBookingRecord => ({ id: doc._id, ticketCode: doc.ticketCode, showId: doc.showId, seats: doc.seats, paidAt: doc.paidAt!.toISOString() }));
    },

    async paidAmong(ids) {
      const docs = await Bookings.find({ _id: { $in: ids }, paidAt: { $ne: null } }, { _id: 1 }).lean();
      return docs.map((doc) => doc._id);
    },

    async doubleSales() {
      // Counted from the bookings' own seat lists, not through the unique index on live seats.
      const found = await Bookings.aggregate<{ _id: string; seats: string[]; bookingIds: string[][] }>([
        { $match: { status: { $ne: 'cancelled' } } },
        { $unwind: '$seats' },
        { $group: { _id: { showId: '$showId', seat: '$seats' }, bookingIds: { $addToSet: '$_id' } } },
        { $match: { 'bookingIds.1': { $exists: true } } },
        { $group: { _id: '$_id.showId', seats: { $push: '$_id.seat' }, bookingIds: { $push: '$bookingIds' } } },
      ]);
      return found.map((group): DoubleSale => ({ showId: group._id, seats: group.seats.sort(), bookingIds: [...new Set(group.bookingIds.flat())] }));
    },

    // MongoDB has no amcheck: the double-sale check (above, from the bookings' own seat lists) is what stands guard.
    // The unique indexes the schemas declare, against each collection's indexes and documents.
    verifyIndexes: () => verifyIndexes(guarded),
    rebuildIndex: (index) => rebuildIndex(guarded, index),
    ...confirmationLog(models),
  };
}
