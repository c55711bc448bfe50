import type { Model } from 'mongoose';
import type { Booking, BookingWithDetails, BookingWithShow, CreateBookingResult } from '../../bookings/booking.ts';
import type { GuardedUpdateResult } from '../../bookings/lifecycle.ts';
import type { BookingRepository } from '../../bookings/booking-repository.ts';
import { bookingDocument, toBooking, toMovie, toShow, toUser } from './mappers.ts';
import type { Models } from './models.ts';
import {
  bookingListFilter,
  guardedBookingUpdate,
  guardFilter,
  isDeadlockError,
  isDuplicateKeyError,
  liveHoldersOfSeats,
  NEWEST_FIRST,
  newestFirst,
  salesSummaryPipeline,
  takenSeats,
  unique,
  usersWithEmail,
} from './queries.ts';
import type { BookingDocument, ShowDocument } from './schemas.ts';
import { CLAIM_ATTEMPTS, claimSeats, createSeatClaimGate } from './seat-claim.ts';

export interface MongoBookingRepositoryOptions {
  /**
   * Read who holds the wanted seats before inserting, and answer 409 without the insert when a live
   * booking has one. For DocumentDB behind FerretDB 2.5, where the unique index refusing an insert
   * costs about 20 ms and a new PostgreSQL connection (a plain insert or read about 1-2 ms); on
   * MongoDB a refusal is as cheap as the read, so the insert alone decides.
   */
  readBeforeInsert?: boolean;
}

export function createBookingRepository(models: Models, { readBeforeInsert = false }: MongoBookingRepositoryOptions = {}): BookingRepository {
  const { Booking: Bookings, Show: Shows, Movie: Movies, User: Users, Outbox } = models;
  const seatClaims = createSeatClaimGate();
  // Shows never change once added, and neither shows nor users are ever deleted: what a booking
  // checked once is kept, so a rush of bookings asks the server only for what decides (the insert).
  const showsSeen = new Map<string, ShowDocument>();
  const usersSeen = new Set<string>();
  const KEEP_AT_MOST = 10_000;

  async function showOf(showId: string): Promise<ShowDocument | null> {
    const seen = showsSeen.get(showId);
    if (seen) return seen;
    const show = await Shows.findOne({ _id: { $eq: showId } }).lean<ShowDocument>();
    if (show) {
      if (showsSeen.size >= KEEP_AT_MOST) showsSeen.clear();
      showsSeen.set(showId, show);
    }
    return show;
  }

  async function userExists(userId: string): Promise<boolean> {
    if (usersSeen.has(userId)) return true;
    if (!(await Users.exists({ _id: { $eq: userId } }))) return false;
    if (usersSeen.size >= KEEP_AT_MOST) usersSeen.clear();
    usersSeen.add(userId);
    return true;
  }

  async function byId<T extends { _id: string }>(model: Model<T>, ids: string[]): Promise<Map<string, T>> {
    if (ids.length === 0) return new Map();
    const docs = await model.find({ _id: { $in: unique(ids) } }).lean<T[]>();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** Bookings with their show and movie, leaving out any whose show or movie is missing (as a join would). */
  async function withShows(docs: BookingDocument[]): Promise<BookingWithShow[]> {
    const [shows, movies] = await Promise.all([
      byId(Shows, docs.map((d) => d.showId)),
      byId(Movies, docs.map((d) => d.movieId)),
    ]);
    return docs.flatMap((doc) => {
      const show = shows.get(doc.showId);
      const movie = show && movies.get(show.movieId);
      return show && movie ? [{ ...toBooking(doc), show: { ...toShow(show), movie: toMovie(movie) } }] : [];
    });
  }

  /** ... and with their user. */
  async function withDetails(docs: BookingDocument[]): Promise<BookingWithDetails[]> {
    const [items, users] = await Promise.all([withShows(docs), byId(Users, docs.map((d) => d.userId))]);
    return items.flatMap((item) => {
      const user = users.get(item.userId);
      return user ? [{ ...item, user: toUser(user) }] : [];
    });
  }

  /** One user's bookings, newest first (sorted here: see newestFirst). */
  async function ownBookings(userId: string): Promise<BookingDocument[]> {
    return (await Bookings.find({ userId: { $eq: userId } }).lean<BookingDocument[]>()).sort(newestFirst);
  }

  async function get(id: string): Promise<Booking | null> {
    const doc = await Bookings.findOne({ _id: { $eq: id } }).lean<BookingDocument>();
    return doc ? toBooking(doc) : null;
  }

  async function list(filter: Parameters<BookingRepository['list']>[0], page: { offset: number; limit: number }) {
    const query = bookingListFilter(filter);
    if (filter.customerEmail) {
      // Bookings keep the user's id only: the email names the users first.
      const owners = await Users.find(usersWithEmail(filter.customerEmail), { _id: 1 }).lean<{ _id: string }[]>();
      query.userId = filter.userId ? { $eq: filter.userId, $in: owners.map((u) => u._id) } : { $in: owners.map((u) => u._id) };
    }
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
    async create(booking): Promise<CreateBookingResult> {
      // The show's movie and instant never change, so the booking keeps a copy for the admin filters.
      const [show, userKnown] = await Promise.all([showOf(booking.showId), userExists(booking.userId)]);
      if (!show) throw new Error(`Cannot create booking ${booking.id}: show ${booking.showId} does not exist`);
      if (!userKnown) throw new Error(`Cannot create booking ${booking.id}: user ${booking.userId} does not exist`);
      const document = bookingDocument(booking, show);
      const steps = {
        // One document, one insert: the unique index on (showId, seats) over live bookings
        // takes every seat or none, whatever the concurrency and the number of instances.
        insert: async () => toBooking((await new Bookings(document).save()).toObject<BookingDocument>()),
        holders: () =>
          Bookings.find(liveHoldersOfSeats(booking.showId, booking.seats), { seats: 1 }).lean<Pick<BookingDocument, '_id' | 'seats'>[]>(),
        get: () => get(booking.id),
      };
      return seatClaims(booking.showId, booking.seats, (takenMeanwhile) =>
        claimSeats(booking.id, booking.seats, steps, takenMeanwhile || readBeforeInsert),
      );
    },

    get,

    async getWithDetails(id) {
      const doc = await Bookings.findOne({ _id: { $eq: id } }).lean<BookingDocument>();
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
