import { and, asc, eq } from 'drizzle-orm';
import type { BookingRepository } from '../../bookings/booking-repository.ts';
import type { Db } from '../database.ts';
import { seatReturns } from '../schema.ts';

/** Seats given back: the seat_returns rows (written by the booking's guarded update: booking-repository.ts) read and settled. */
export function seatReturnQueries(db: Db): Pick<BookingRepository, 'listSeatReturns' | 'listPendingSeatReturns' | 'recordSeatReturnRefund'> {
  return {
    async listSeatReturns(bookingId) {
      return db.select().from(seatReturns).where(eq(seatReturns.bookingId, bookingId)).orderBy(asc(seatReturns.returnedAt), asc(seatReturns.id));
    },

    async listPendingSeatReturns(limit) {
      return db.select().from(seatReturns).where(eq(seatReturns.refundStatus, 'pending')).orderBy(asc(seatReturns.returnedAt), asc(seatReturns.id)).limit(limit);
    },

    async recordSeatReturnRefund(returnId, { status, refundId, reason }) {
      const [row] = await db
        .update(seatReturns)
        .set({ refundStatus: status, refundReason: reason, ...(refundId !== undefined ? { refundId } : {}) })
        .where(and(eq(seatReturns.id, returnId), eq(seatReturns.refundStatus, 'pending')))
        .returning();
      if (row) return { seatReturn: row, changed: true };
      const [current] = await db.select().from(seatReturns).where(eq(seatReturns.id, returnId));
      return current ? { seatReturn: current, changed: false } : null;
    },
  };
}
