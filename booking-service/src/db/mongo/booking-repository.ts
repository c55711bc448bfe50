import { foldTotals, type Booking, type BookingFilter, type RefundStatus } from '../../bookings/booking.ts';
import type { GuardedUpdateResult } from '../../bookings/booking-state-machine.ts';
import type { BookingRepository } from '../../bookings/booking-repository.ts';
import { bookingCreation } from './booking-creation.ts';
import { bookingJoins } from './booking-joins.ts';
import { toBooking } from './mappers.ts';
import { seatReturnQueries } from './seat-return-queries.ts';
import type { Models } from './models.ts';
import {
  bookingListFilter,
  containing,
  guardedBookingUpdate,
  guardFilter,
  isDeadlockError,
  isDuplicateKeyError,
  liveHoldersOfSeats,
  NEWEST_FIRST,
  newestFirst,
  salesSummaryPipeline,
  takenSeats,
  usersWithEmail,
  type Filter,
} from './queries.ts';
import type { BookingDocument } from './schemas.ts';
import { CLAIM_ATTEMPTS } from './seat-claim.ts';

export interface MongoBookingRepositoryOptions {
  /**
   * Read who holds the wanted seats before inserting, and answer 409 without the insert when a live
   * booking has one. For DocumentDB behind FerretDB 2.5, where the unique index refusing an insert
   * costs about 20 ms and a new PostgreSQL connection (a plain insert or read about 1-2 ms); on
   * MongoDB a refusal is as cheap as the read, so the insert alone decides.
   */
  readBeforeInsert?: boolean;
}

/** The query of the staff lists (and their totals) for a filter: the names it gives turned into ids first. */
async function staffListQuery(models: Models, filter: BookingFilter): Promise<Filter> {
  const { User: Users } = models;
  const query = bookingListFilter(filter);
  if (filter.customerEmail) {
    // Bookings keep the user's id only: the email names the users first.
    const owners = await Users.find(usersWithEmail(filter.customerEmail), { _id: 1 }).lean<{ _id: string }[]>();
    query.userId = filter.userId ? { $eq: filter.userId, $in: owners.map((u) => u._id) } : { $in: owners.map((u) => u._id) };
  }
  if (filter.customerName) {
    // Bookings keep the user's id only: the users whose name holds the text are named first (with $and, beside any other owner filter).
    const named = await Users.find({ name: containing(filter.customerName) }, { _id: 1 }).lean<{ _id: string }[]>();
    query.$and = [{ userId: { $in: named.map((u) => u._id) } }];
  }
  if (filter.search) {
    // Bookings keep the user's and movie's ids: the names, emails and titles that match name them first.
    const part = containing(filter.search);
    const [owners, titled] = await Promise.all([
      Users.find({ $or: [{ name: part }, { email: part }] }, { _id: 1 }).lean<{ _id: string }[]>(),
      models.Movie.find({ title: part }, { _id: 1 }).lean<{ _id: string }[]>(),
    ]);
    query.$or = [{ ticketCode: part }, { userId: { $in: owners.map((u) => u._id) } }, { movieId: { $in: titled.map((m) => m._id) } }];
  }
  if (filter.screenIds) {
    // Bookings keep their show's id only: the screens name their shows first.
    const onScreens = await models.Show.find({ screenId: { $in: filter.screenIds } }, { _id: 1 }).lean<{ _id: string }[]>();
    query.showId = { $in: onScreens.map((show) => show._id) };
  }
  return query;
}

/** Bookings on MongoDB: creating one (booking-creation.ts), reading them with their shows (booking-joins.ts), the lifecycle's guarded updates. */
export function createBookingRepository(models: Models, { readBeforeInsert = false }: MongoBookingRepositoryOptions = {}): BookingRepository {
  const { Booking: Bookings, Outbox } = models;
  const { withShows, withDetails } = bookingJoins(models);

  /** One user's bookings, newest first (sorted here: see newestFirst). */
  async function ownBookings(userId: string): Promise<BookingDocument[]> {
    return (await Bookings.find({ userId: { $eq: userId } }).lean<BookingDocument[]>()).sort(newestFirst);
  }

  async function get(id: string): Promise<Booking | null> {
    const doc = await Bookings.findOne({ _id: { $eq: id } }).lean<BookingDocument>();
    return doc ? toBooking(doc) : null;
  }

  const listQuery = (filter: BookingFilter) => staffListQuery(models, filter);

  async function list(filter: BookingFilter, page: { offset: number; limit: number }) {
    const query = await listQuery(filter);
    const [docs, total] = await Promise.all([
      // limit(0) would mean "no limit" to MongoDB.
      page.limit > 0
        ? Bookings.find(query).sort(NEWEST_FIRST).skip(page.offset).limit(page.limit).lean<BookingDocument[]>()
        : Promise.resolve([]),
      Bookings.countDocuments(query),
    ]);
    return { total, items: await withDetails(docs) };
  }

  return {
    create: bookingCreation(models, { readBeforeInsert, get }),

    get,

    async getWithDetails(id) {
      const doc = await Bookings.findOne({ _id: { $eq: id } }).lean<BookingDocument>();
      if (!doc) return null;
      const [item] = await withDetails([doc]);
      return item ?? null;
    },

    async getByTicketCode(ticketCode) {
      const doc = await Bookings.findOne({ ticketCode: { $eq: ticketCode } }).lean<BookingDocument>();
      if (!doc) return null;
      const [item] = await withDetails([doc]);
      return item ?? null;
    },

    async findByPaymentSession(sessionId) {
      const doc = await Bookings.findOne({ paymentSessionId: { $eq: sessionId } }).lean<BookingDocument>();
      return doc ? toBooking(doc) : null;
    },

    async listForUser(userId) {
      return withShows(await ownBookings(userId));
    },

    async listOwn(userId) {
      return (await ownBookings(userId)).map(toBooking);
    },

    list,

    async totals(filter) {
      type Group = { _id: { isPaid: boolean; refundStatus: RefundStatus | null }; count: number; cents: number };
      const groups = await Bookings.aggregate<Group>([
        { $match: await listQuery(filter) },
        { $group: { _id: { isPaid: '$isPaid', refundStatus: '$refundStatus' }, count: { $sum: 1 }, cents: { $sum: '$amountCents' } } },
      ]);
      return foldTotals(groups.map((group) => ({ isPaid: group._id.isPaid, refundStatus: group._id.refundStatus ?? null, count: group.count, amountCents: group.cents })));
    },

    async salesSummary() {
      const [row] = await Bookings.aggregate<{ paidBookings: number; revenueCents: number }>(salesSummaryPipeline());
      return { paidBookings: row?.paidBookings ?? 0, revenueCents: row?.revenueCents ?? 0 };
    },

    async updateIf(id, update): Promise<GuardedUpdateResult | null> {
      const { filter, update: write } = guardedBookingUpdate(id, update);
      // A write aborted as a deadlock (DocumentDB: see createSeatClaimGate) changed nothing; the guard decides again.
      const guardedWrite = async (attempt = 1): Promise<BookingDocument | null> => {
        try {
          return await Bookings.findOneAndUpdate(filter, write, { returnDocument: 'after', runValidators: true }).lean<BookingDocument>();
        } catch (error) {
          if (isDeadlockError(error) && attempt < CLAIM_ATTEMPTS) return guardedWrite(attempt + 1);
          throw error;
        }
      };
      try {
        const updated = await guardedWrite();
        if (updated) return { booking: toBooking(updated), changed: true };
      } catch (error) {
        // The seat ledger's unique index refused to make the booking live again: a seat is taken.
        if (!isDuplicateKeyError(error)) throw error;
        const current = (await get(id))!;
        const holders = await Bookings.find(liveHoldersOfSeats(current.showId, current.seats), { seats: 1 }).lean<
          Pick<BookingDocument, '_id' | 'seats'>[]
        >();
        return { booking: current, changed: false, takenSeats: takenSeats(current.seats, holders.filter((h) => h._id !== id)) };
      }
      const current = await get(id);
      return current && { booking: current, changed: false };
    },

    async listMatching(guard, oldestFirstBy, limit) {
      if (limit <= 0) return [];
      const docs = await Bookings.find(guardFilter(guard)).sort({ [oldestFirstBy]: 1, _id: 1 }).limit(limit).lean<BookingDocument[]>();
      return docs.map(toBooking);
    },

    ...seatReturnQueries(models),

    async listWithLostMessage(kind, limit) {
      if (limit <= 0) return [];
      // Paid with the e-ticket recorded as queued, none waiting on the booking (moved to the outbox, or never kept here).
      const candidates = await Bookings.find({ isPaid: true, confirmation: 'queued', queuedEmail: null })
        .sort({ createdAt: 1, _id: 1 })
        .lean<BookingDocument[]>();
      const lost: Booking[] = [];
      for (const doc of candidates) {
        if (lost.length >= limit) break;
        if (!(await Outbox.exists({ bookingId: { $eq: doc._id }, kind: { $eq: kind } }))) lost.push(toBooking(doc));
      }
      return lost;
    },
  };
}