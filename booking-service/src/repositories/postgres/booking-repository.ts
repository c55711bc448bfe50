import { and, count, desc, eq, gte, lt, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bookings, movies, seatReservations, shows, users } from '../../db/schema.ts';
import type { BookingFilter, BookingRepository, CreateBookingResult } from '../types.ts';
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
      if (updated) return toBooking(updated);
      const [current] = await db.select().from(bookings).where(eq(bookings.id, id));
      return current ? toBooking(current) : null;
    },

    async salesSummary() {
      const [row] = await db
        .select({ n: count(), revenue: sum(bookings.amountCents) })
        .from(bookings)
        .where(eq(bookings.isPaid, true));
      return { paidBookings: row?.n ?? 0, revenueCents: Number(row?.revenue ?? 0) };
    },
  };
}

