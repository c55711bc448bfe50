import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, checkIns } from '../schema.ts';
import type { CheckIn } from '../../check-in/check-in.ts';
import type { CheckInRepository } from '../../check-in/check-in-repository.ts';

const admitted = sql`${checkIns.outcome} = 'admitted'`;

export function createCheckInRepository(db: Db): CheckInRepository {
  async function admissionOf(bookingId: string): Promise<CheckIn | undefined> {
    const [row] = await db.select().from(checkIns).where(and(eq(checkIns.bookingId, bookingId), admitted));
    return row;
  }

  return {
    async admit(entry) {
      // One statement: the partial unique index (check_ins_one_admission_key) lets one admission per booking in.
      const [row] = await db.insert(checkIns).values(entry).onConflictDoNothing({ target: checkIns.bookingId, where: admitted }).returning();
      if (row) return { admitted: true, checkIn: row };
      const earlier = await admissionOf(entry.bookingId);
      if (!earlier) throw new Error(`Check-in of booking ${entry.bookingId} conflicted with an admission that is not there`);
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
      const hasAdmission = sql`exists (select 1 from ${checkIns} where ${checkIns.bookingId} = ${bookings.id} and ${admitted})`;
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
