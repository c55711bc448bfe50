import type { Model } from 'mongoose';
import type { IntegrityRepository, StoreIdentity, TableCounts } from '../../store/types.ts';
import type { Models } from './models.ts';
import type { StoreIdentityDocument } from './schemas.ts';

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

export function createIntegrityRepository(models: Models): IntegrityRepository {
  const { StoreIdentity: Identity, Booking: Bookings } = models;

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
      for (const model of [models.User, models.Favorite, models.Outbox, models.WebhookEvent, models.CheckoutSession, models.StoreIdentity]) await counted(model);
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
    // them instead (a custom role: README, "MongoDB").
    historyDamage: async () => [],
  };
}
