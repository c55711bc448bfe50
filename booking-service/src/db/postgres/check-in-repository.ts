import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, checkIns } from '../schema.ts';
import { transitions } from '../../bookings/booking-state-machine.ts';
import type { CheckIn } from '../../check-in/check-in.ts';
import type { CheckInRepository } from '../../check-in/check-in-repository.ts';
import { guardCondition } from './booking-repository.ts';
import { toBooking } from './mappers.ts';

const admitted = sql`${checkIns.outcome} = 'admitted'`;

export function createCheckInRepository(db: Db): CheckInRepository {
  async function admissionOf(bookingId: string): Promise<CheckIn | undefined> {
    const [row] = await db.select().from(checkIns).where(and(eq(checkIns.bookingId, bookingId), admitted));
    return row;
  }

  return {
    async admit(entry) {
      // The lifecycle's admit on the booking's own row decides (its row lock serialises it with any cancellation or
      // refund, which guard on admitted_at IS NULL); the log's entry is written in the same transaction, so the log
      // and the booking never disagree. The partial unique index (check_ins_one_admission_key) stays as a second lock.
      const { guard, changes } = transitions.admit({ at: entry.at });
      const logged = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookings)
          .set(changes)
          .where(and(eq(bookings.id, entry.bookingId), guardCondition(guard)))
          .returning({ id: bookings.id, seats: bookings.seats });
        if (!row) return null;
        const [inserted] = await tx.insert(checkIns).values(entry).returning();
        return { checkIn: inserted!, seats: row.seats };
      });
      if (logged) return { admitted: true, ...logged };
      const [current] = await db.select().from(bookings).where(eq(bookings.id, entry.bookingId));
      if (!current) throw new Error(`Check-in of unknown booking ${entry.bookingId}`);
      if (current.admittedAt === null) return { admitted: false, booking: toBooking(current) };
      const earlier = await admissionOf(entry.bookingId);
      if (!earlier) throw new Error(`Booking ${entry.bookingId} is admitted without its admission in the check-in log`);
      return { admitted: false, earlier };
    },

    async recordRefusal(entry) {
      const [row] = await db.insert(checkIns).values(entry).returning();
      return row!;
    },

    async listForBooking(bookingId) {
      return db.select().from(checkIns).where(eq(checkIns.bookingId, bookingId)).orderBy(asc(checkIns.at), asc(checkIns.id));
    },

    async admittedAt(bookingIds) {
      if (bookingIds.length === 0) return new Map();
      const rows = await db
        .select({ bookingId: checkIns.bookingId, at: checkIns.at })
        .from(checkIns)
        .where(and(inArray(checkIns.bookingId, bookingIds), admitted));
      return new Map(rows.map((row) => [row.bookingId!, row.at]));
    },

    async showCount(showId) {
      const seats = sql`cardinality(${bookings.seats})`;
      // The booking's own record of its admission (set with the log's entry, in one transaction).
      const hasAdmission = sql`${bookings.admittedAt} is not null`;
      const [row] = await db
        .select({
          admitted: sql<number>`coalesce(sum(${seats}) filter (where ${hasAdmission}), 0)::int`,
          sold: sql<number>`coalesce(sum(${seats}) filter (where ${bookings.status} = 'paid'), 0)::int`,
        })
        .from(bookings)
        .where(eq(bookings.showId, showId));
      return { admitted: Number(row?.admitted ?? 0), sold: Number(row?.sold ?? 0) };
    },
  };
}
