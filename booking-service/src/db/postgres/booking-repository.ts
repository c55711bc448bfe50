import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, movies, seatReservations, shows, users } from '../schema.ts';
import type { BookingFilter, BookingRepository, CreateBookingResult, RetakeResult, Transition } from '../../store/types.ts';
import { toBooking, toMovie, toShow, toUser } from './mappers.ts';

/** Thrown inside the transaction to roll it back when a seat is already taken. */
class SeatsTaken extends Error {
  constructor(readonly seats: string[]) {
    super('seats taken');
  }
}

function whereOf(filter: BookingFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.bookingId) conditions.push(eq(bookings.id, filter.bookingId));
  if (filter.userId) conditions.push(eq(bookings.userId, filter.userId));
  if (filter.movieId) conditions.push(eq(shows.movieId, filter.movieId));
  if (filter.isPaid !== undefined) conditions.push(eq(bookings.isPaid, filter.isPaid));
  if (filter.showsBetween) {
    conditions.push(gte(shows.startsAt, filter.showsBetween.from), lt(shows.startsAt, filter.showsBetween.to));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function createBookingRepository(db: Db): BookingRepository {
  type Row = typeof bookings.$inferSelect;

  /** The booking after a conditional update: the updated row if it matched, else the row as it is. */
  async function transition(id: string, updated: Row | undefined): Promise<Transition | null> {
    if (updated) return { booking: toBooking(updated), changed: true };
    const [current] = await db.select().from(bookings).where(eq(bookings.id, id));
    return current ? { booking: toBooking(current), changed: false } : null;
  }

  return {
    async create(booking): Promise<CreateBookingResult> {
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(bookings)
            .values({ ...booking, status: 'held', isPaid: false })
            .returning();
          // The (show, seat) primary key decides: a seat another transaction holds is
          // not inserted (it waits for that transaction if it is still in flight).
          const reserved = await tx
            .insert(seatReservations)
            .values(booking.seats.map((seat) => ({ showId: booking.showId, seat, bookingId: booking.id })))
            .onConflictDoNothing()
            .returning({ seat: seatReservations.seat });
          if (reserved.length !== booking.seats.length) {
            const got = new Set(reserved.map((r) => r.seat));
            throw new SeatsTaken(booking.seats.filter((seat) => !got.has(seat)));
          }
          return row!;
        });
        return { ok: true, booking: toBooking(created) };
      } catch (error) {
        if (error instanceof SeatsTaken) return { ok: false, takenSeats: error.seats };
        throw error;
      }
    },

    async get(id) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row ? toBooking(row) : null;
    },

    async getWithDetails(id) {
      const { items } = await this.list({ bookingId: id }, { offset: 0, limit: 1 });
      return items[0] ?? null;
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
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bookings)
          .innerJoin(shows, eq(shows.id, bookings.showId))
          .innerJoin(movies, eq(movies.id, shows.movieId))
          .innerJoin(users, eq(users.id, bookings.userId))
          .where(where)
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(bookings)
          .innerJoin(shows, eq(shows.id, bookings.showId))
          .where(where),
      ]);
      return {
        total: total?.n ?? 0,
        items: rows.map((row) => ({
          ...toBooking(row.bookings),
          show: { ...toShow(row.shows), movie: toMovie(row.movies) },
          user: toUser(row.users),
        })),
      };
    },

    async markPaid(id, now) {
      // Conditional update: only a held, unpaid booking changes, so repeating it is harmless.
      const [updated] = await db
        .update(bookings)
        .set({ isPaid: true, status: 'paid', paidAt: now })
        .where(and(eq(bookings.id, id), eq(bookings.isPaid, false), eq(bookings.status, 'held')))
        .returning();
      return (await transition(id, updated))?.booking ?? null;
    },

    async salesSummary() {
      const [row] = await db
        .select({ n: count(), revenue: sum(bookings.amountCents) })
        .from(bookings)
        .where(eq(bookings.isPaid, true));
      return { paidBookings: row?.n ?? 0, revenueCents: Number(row?.revenue ?? 0) };
    },

    async attachPaymentSession(id, session) {
      const [updated] = await db
        .update(bookings)
        .set({ paymentSessionId: session.sessionId, paymentLink: session.paymentLink })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'held'), eq(bookings.isPaid, false), isNull(bookings.paymentSessionId)))
        .returning();
      return updated ? toBooking(updated) : null;
    },

    async confirmPayment(id, { now, paymentIntentId }) {
      const [updated] = await db
        .update(bookings)
        .set({ isPaid: true, status: 'paid', paidAt: now, paymentIntentId })
        .where(and(eq(bookings.id, id), eq(bookings.isPaid, false), eq(bookings.status, 'held')))
        .returning();
      return transition(id, updated);
    },

    async cancelHold(id, options = {}) {
      const updated = await db.transaction(async (tx) => {
        // The row lock of this update serialises competing sweepers: the second one re-reads
        // the row after the first commits, no longer finds it held, and releases nothing.
        const conditions = [eq(bookings.id, id), eq(bookings.status, 'held'), eq(bookings.isPaid, false)];
        if (options.expiredBy) conditions.push(lte(bookings.holdExpiresAt, options.expiredBy));
        const [row] = await tx
          .update(bookings)
          .set({ status: 'cancelled', paymentLink: null })
          .where(and(...conditions))
          .returning();
        if (row) await tx.delete(seatReservations).where(eq(seatReservations.bookingId, id));
        return row;
      });
      return transition(id, updated);
    },

    async listExpiredHolds(now, limit) {
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.isPaid, false), eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)))
        .orderBy(asc(bookings.holdExpiresAt), asc(bookings.id))
        .limit(limit);
      return rows.map(toBooking);
    },

    async listAwaitingPayment(limit) {
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.isPaid, false), eq(bookings.status, 'held'), isNotNull(bookings.paymentSessionId)))
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
        .limit(limit);
      return rows.map(toBooking);
    },

    async retakeSeats(id, { now, paymentIntentId }): Promise<RetakeResult | null> {
      try {
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(bookings)
            .set({ isPaid: true, status: 'paid', paidAt: now, paymentIntentId, paymentLink: null })
            .where(and(eq(bookings.id, id), eq(bookings.status, 'cancelled'), isNull(bookings.refundStatus)))
            .returning();
          if (!updated) return undefined;
          // The same ledger as a new booking: the (show, seat) key decides, all seats or none.
          const reserved = await tx
            .insert(seatReservations)
            .values(updated.seats.map((seat) => ({ showId: updated.showId, seat, bookingId: id })))
            .onConflictDoNothing()
            .returning({ seat: seatReservations.seat });
          if (reserved.length !== updated.seats.length) {
            const got = new Set(reserved.map((r) => r.seat));
            throw new SeatsTaken(updated.seats.filter((seat) => !got.has(seat)));
          }
          return updated;
        });
        if (row) return { outcome: 'confirmed', booking: toBooking(row) };
        const current = await this.get(id);
        return current ? { outcome: 'not-cancelled', booking: current } : null;
      } catch (error) {
        if (!(error instanceof SeatsTaken)) throw error;
        const current = (await this.get(id))!;
        return { outcome: 'seats-taken', takenSeats: error.seats, booking: current };
      }
    },

    async flagRefund(id, { paymentIntentId, reason }) {
      const [updated] = await db
        .update(bookings)
        .set({ refundStatus: 'pending', refundReason: reason, paymentIntentId })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'cancelled'), isNull(bookings.refundStatus)))
        .returning();
      return transition(id, updated);
    },

    async setRefundOutcome(id, { status, refundId, reason }) {
      const [updated] = await db
        .update(bookings)
        .set({ refundStatus: status, refundReason: reason, ...(refundId !== undefined ? { refundId } : {}) })
        .where(and(eq(bookings.id, id), eq(bookings.refundStatus, 'pending')))
        .returning();
      return transition(id, updated);
    },

    async listPendingRefunds(limit) {
      const rows = await db
        .select()
        .from(bookings)
        .where(eq(bookings.refundStatus, 'pending'))
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
        .limit(limit);
      return rows.map(toBooking);
    },
  };
}

