import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, movies, outbox, seatReservations, seatReturns, shows, users } from '../schema.ts';
import { seatReturnQueries } from './seat-return-queries.ts';
import { foldTotals, type Booking, type BookingFilter, type BookingWithDetails, type CreateBookingResult, type NewBooking } from '../../bookings/booking.ts';
import { NEW_BOOKING_STATE, type BookingGuard, type GuardedUpdate, type GuardedUpdateResult } from '../../bookings/booking-state-machine.ts';
import type { BookingRepository, HoldCaps } from '../../bookings/booking-repository.ts';
import { groupBatches, soloBatches } from './group-batches.ts';
import { toBooking, toMovie, toShow, toUser } from './mappers.ts';

/** Thrown inside the transaction to roll it back when a seat is already taken. */
class SeatsTaken extends Error {
  constructor(readonly seats: string[]) {
    super('seats taken');
  }
}

/** The guard as a condition on the booking row (see matchesGuard for its meaning); the check-in log's admit uses it too. */
export function guardCondition(guard: BookingGuard): SQL | undefined {
  const conditions: SQL[] = [];
  if (guard.status !== undefined) conditions.push(eq(bookings.status, guard.status));
  if (guard.isPaid !== undefined) conditions.push(eq(bookings.isPaid, guard.isPaid));
  if (guard.refundStatus === null) conditions.push(isNull(bookings.refundStatus));
  else if (guard.refundStatus !== undefined) conditions.push(eq(bookings.refundStatus, guard.refundStatus));
  if (guard.paymentSession === 'none') conditions.push(isNull(bookings.paymentSessionId));
  if (guard.paymentSession === 'some') conditions.push(isNotNull(bookings.paymentSessionId));
  if (guard.holdEndedBy) conditions.push(lte(bookings.holdExpiresAt, guard.holdEndedBy));
  if (guard.confirmation === null) conditions.push(isNull(bookings.confirmation));
  else if (guard.confirmation !== undefined) conditions.push(eq(bookings.confirmation, guard.confirmation));
  if (guard.admitted === false) conditions.push(isNull(bookings.admittedAt));
  if (guard.seats !== undefined) {
    const seats = guard.seats.map((seat) => sql`${seat}`);
    conditions.push(sql`${bookings.seats} = array[${sql.join(seats, sql`, `)}]::text[]`);
  }
  return and(...conditions);
}

/** The filtered list's bookings counted and summed by what became of their money (List Bookings' totals). */
async function totalsOf(db: Db, filter: BookingFilter) {
  const groups = await db
    .select({ isPaid: bookings.isPaid, refundStatus: bookings.refundStatus, count: count(), cents: sum(bookings.amountCents) })
    .from(bookings)
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(whereOf(filter))
    .groupBy(bookings.isPaid, bookings.refundStatus);
  return foldTotals(groups.map((group) => ({ ...group, amountCents: Number(group.cents ?? 0) })));
}

/** Part of a text, whatever its case (with ilike); LIKE's own wildcards in the text are taken literally. */
function likePart(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: BookingFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.bookingId) conditions.push(eq(bookings.id, filter.bookingId));
  if (filter.userId) conditions.push(eq(bookings.userId, filter.userId));
  if (filter.movieId) conditions.push(eq(shows.movieId, filter.movieId));
  if (filter.screenIds) conditions.push(inArray(shows.screenId, filter.screenIds));
  if (filter.isPaid !== undefined) conditions.push(eq(bookings.isPaid, filter.isPaid));
  if (filter.statuses) conditions.push(inArray(bookings.status, filter.statuses));
  if (filter.ticketCode) conditions.push(eq(bookings.ticketCode, filter.ticketCode));
  if (filter.customerEmail) conditions.push(eq(sql`lower(${users.email})`, filter.customerEmail.toLowerCase()));
  if (filter.showId) conditions.push(eq(bookings.showId, filter.showId));
  if (filter.customerName) conditions.push(ilike(users.name, likePart(filter.customerName)));
  if (filter.search) {
    const like = likePart(filter.search);
    conditions.push(or(ilike(bookings.ticketCode, like), ilike(users.name, like), ilike(users.email, like), ilike(movies.title, like))!);
  }
  if (filter.showsBetween) {
    conditions.push(gte(shows.startsAt, filter.showsBetween.from), lt(shows.startsAt, filter.showsBetween.to));
  }
  return conditions.length ? and(...conditions) : undefined;
}

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The guarded update, its seat effect and its queued email. In a transaction, the row lock of the
 * update serialises competing callers: the second re-reads the row after the first commits, no
 * longer finds it matching, and changes nothing (so queues nothing). Throws SeatsTaken (rolling the
 * transaction back) when a retake finds a seat in another booking.
 */
async function writeIf(tx: Executor, id: string, { guard, changes, seats, email, seatReturn }: GuardedUpdate) {
  const [row] = await tx.update(bookings).set(changes).where(and(eq(bookings.id, id), guardCondition(guard))).returning();
  if (!row) return undefined;
  if (email) await tx.insert(outbox).values(email);
  if (seats === 'release') await tx.delete(seatReservations).where(eq(seatReservations.bookingId, id));
  if (seats === 'return') {
    // The seats given back leave the ledger with the booking's change and the return's record: free for others at commit.
    if (!seatReturn) throw new Error(`a seat return of booking ${id} without its record`);
    await tx.insert(seatReturns).values(seatReturn);
    await tx.delete(seatReservations).where(and(eq(seatReservations.bookingId, id), inArray(seatReservations.seat, seatReturn.seats)));
  }
  if (seats === 'retake') {
    // The same ledger as a new booking: the (show, seat) key decides, all seats or none.
    const reserved = await tx
      .insert(seatReservations)
      .values(row.seats.map((seat) => ({ showId: row.showId, seat, bookingId: id })))
      .onConflictDoNothing()
      .returning({ seat: seatReservations.seat });
    if (reserved.length !== row.seats.length) {
      const got = new Set(reserved.map((r) => r.seat));
      throw new SeatsTaken(row.seats.filter((seat) => !got.has(seat)));
    }
  }
  return row;
}

/** A row of create_bookings (migration 0004): the booking's id, and the seats it found taken or why it failed. */
interface ClaimRow extends Record<string, unknown> {
  claimed_id: string;
  taken_seats: string[] | null;
  failure: string | null;
}

/** The stored booking a successful create wrote (create_bookings writes exactly these fields). */
function createdBooking(booking: NewBooking): Booking {
  return {
    ...booking,
    ...NEW_BOOKING_STATE,
    paymentSessionId: null,
    paymentIntentId: null,
    paidAt: null,
    refundStatus: null,
    refundReason: null,
    refundId: null,
    confirmation: null,
    admittedAt: null,
    cancelledAt: null,
    returnedSeats: [],
    returnedCents: 0,
  };
}

export interface BookingRepositoryOptions {
  /**
   * Group the writes and reads of booking creation made while one is in the database into one
   * statement (group-batches.ts): for a database with one session (PGlite). A server's pool runs
   * them side by side instead.
   */
  groupBatches: boolean;
}

export function createBookingRepository(db: Db, options: BookingRepositoryOptions = { groupBatches: false }): BookingRepository {
  const batches = options.groupBatches ? groupBatches : soloBatches;

  /** Many new bookings in one statement, each all seats or none, each within its account's hold caps when given (migrations 0004, 0009). */
  const createMany = batches(async (items: { booking: NewBooking; holdCaps?: HoldCaps }[]): Promise<CreateBookingResult[]> => {
    const batch = items.map(({ booking, holdCaps }) => ({ ...booking, ...holdCaps }));
    const { rows } = await db.execute<ClaimRow>(sql`select * from create_bookings(${JSON.stringify(batch)}::jsonb)`);
    return items.map(({ booking }, i) => {
      const row = rows[i];
      if (!row || row.claimed_id !== booking.id) throw new Error(`create_bookings answered out of order for booking ${booking.id}`);
      if (row.failure === 'hold-cap') return { ok: false, takenSeats: [], holdCapReached: true };
      if (row.failure) throw new Error(`booking ${booking.id} was not stored: ${row.failure}`);
      if (row.taken_seats) return { ok: false, takenSeats: row.taken_seats };
      return { ok: true, booking: createdBooking(booking) };
    });
  });

  /** The bookings matching `where` with their show, movie and account, newest first. */
  async function detailsWhere(where: SQL | undefined, page: { offset: number; limit: number }): Promise<BookingWithDetails[]> {
    const rows = await db
      .select()
      .from(bookings)
      .innerJoin(shows, eq(shows.id, bookings.showId))
      .innerJoin(movies, eq(movies.id, shows.movieId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((row) => ({ ...toBooking(row.bookings), show: { ...toShow(row.shows), movie: toMovie(row.movies) }, user: toUser(row.users) }));
  }

  /** The bookings of many accounts in one query. */
  const listOwn = batches(async (userIds: string[]): Promise<Booking[][]> => {
    const rows = await db.select().from(bookings).where(inArray(bookings.userId, [...new Set(userIds)])).orderBy(desc(bookings.createdAt), desc(bookings.id));
    return userIds.map((userId) => rows.filter((row) => row.userId === userId).map(toBooking));
  });

  return {
    create: (booking, holdCaps) => createMany({ booking, holdCaps }),
    listOwn,

    async get(id) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row ? toBooking(row) : null;
    },

    async getWithDetails(id) {
      const [item] = await detailsWhere(eq(bookings.id, id), { offset: 0, limit: 1 });
      return item ?? null;
    },

    async findByPaymentSession(sessionId) {
      const [row] = await db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId));
      return row ? toBooking(row) : null;
    },

    async listForUser(userId) {
      const rows = await db
        .select()
        .from(bookings)
        .innerJoin(shows, eq(shows.id, bookings.showId))
        .innerJoin(movies, eq(movies.id, shows.movieId))
        .where(eq(bookings.userId, userId))
        .orderBy(desc(bookings.createdAt), desc(bookings.id));
      return rows.map((row) => ({
        ...toBooking(row.bookings),
        show: { ...toShow(row.shows), movie: toMovie(row.movies) },
      }));
    },

    async list(filter, page) {
      const where = whereOf(filter);
      const [items, [total]] = await Promise.all([
        detailsWhere(where, page),
        db
          .select({ n: count() })
          .from(bookings)
          .innerJoin(shows, eq(shows.id, bookings.showId))
          .innerJoin(movies, eq(movies.id, shows.movieId))
          .innerJoin(users, eq(users.id, bookings.userId))
          .where(where),
      ]);
      return { total: total?.n ?? 0, items };
    },

    totals: (filter) => totalsOf(db, filter),

    async getByTicketCode(ticketCode) {
      const [item] = await detailsWhere(eq(bookings.ticketCode, ticketCode), { offset: 0, limit: 1 });
      return item ?? null;
    },

    async salesSummary() {
      const [row] = await db
        .select({ n: count(), revenue: sum(bookings.amountCents) })
        .from(bookings)
        .where(eq(bookings.isPaid, true));
      return { paidBookings: row?.n ?? 0, revenueCents: Number(row?.revenue ?? 0) };
    },

    async updateIf(id, update): Promise<GuardedUpdateResult | null> {
      const { seats } = update;
      try {
        // A change of the booking alone is one statement; one that moves seats or queues an email is a transaction.
        const alone = seats === 'keep' && !update.email && !update.seatReturn;
        const updated = alone ? await writeIf(db, id, update) : await db.transaction((tx) => writeIf(tx, id, update));
        if (updated) return { booking: toBooking(updated), changed: true };
        const current = await this.get(id);
        return current && { booking: current, changed: false };
      } catch (error) {
        if (!(error instanceof SeatsTaken)) throw error;
        const current = (await this.get(id))!;
        return { booking: current, changed: false, takenSeats: error.seats };
      }
    },

    async listMatching(guard, oldestFirstBy, limit) {
      const rows = await db
        .select()
        .from(bookings)
        .where(guardCondition(guard))
        .orderBy(asc(bookings[oldestFirstBy]), asc(bookings.id))
        .limit(limit);
      return rows.map(toBooking);
    },

    ...seatReturnQueries(db),

    async listWithLostMessage(kind, limit) {
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.isPaid, true),
            eq(bookings.confirmation, 'queued'),
            sql`not exists (select 1 from ${outbox} where ${outbox.bookingId} = ${bookings.id} and ${outbox.kind} = ${kind})`,
          ),
        )
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
        .limit(limit);
      return rows.map(toBooking);
    },
  };
}

