import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, shows } from '../schema.ts';
import type { DailySales, ReportRepository, ScreenSales } from '../../admin/report-repository.ts';

export function createReportRepository(db: Db): ReportRepository {
  return {
    async dailySales(from, timeZone, scope = {}): Promise<DailySales[]> {
      const { to, screenIds } = scope;
      if (screenIds?.length === 0) return [];
      // Aggregated in the database: one row per theatre-local day with paid bookings.
      const rows = await db
        .select({
          date: sql<string>`to_char(${bookings.paidAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
          revenueCents: sql<string>`sum(${bookings.amountCents})`,
          tickets: sql<string>`sum(cardinality(${bookings.seats}))`,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.isPaid, true),
            gte(bookings.paidAt, from),
            to && lt(bookings.paidAt, to),
            screenIds && inArray(bookings.showId, db.select({ id: shows.id }).from(shows).where(inArray(shows.screenId, [...screenIds]))),
          ),
        )
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((row) => ({ date: row.date, revenueCents: Number(row.revenueCents), tickets: Number(row.tickets) }));
    },

    async salesByScreen(): Promise<ScreenSales[]> {
      const rows = await db
        .select({
          screenId: shows.screenId,
          bookings: sql<string>`count(*)`,
          paidBookings: sql<string>`count(*) filter (where ${bookings.isPaid})`,
          revenueCents: sql<string>`coalesce(sum(${bookings.amountCents}) filter (where ${bookings.isPaid}), 0)`,
          seatsSold: sql<string>`coalesce(sum(cardinality(${bookings.seats})) filter (where ${bookings.isPaid}), 0)`,
        })
        .from(bookings)
        .innerJoin(shows, eq(shows.id, bookings.showId))
        .groupBy(shows.screenId);
      return rows.map((row) => ({
        screenId: row.screenId,
        bookings: Number(row.bookings),
        paidBookings: Number(row.paidBookings),
        revenueCents: Number(row.revenueCents),
        seatsSold: Number(row.seatsSold),
      }));
    },
  };
}
