/** Paid sales of one theatre-local day. */
export interface DailySales { date: string; revenueCents: number; tickets: number }

/** Aggregates for the admin dashboard, computed by the database. */
export interface ReportRepository {
  /** Paid bookings since `from`, grouped by the day they were paid in `timeZone`, oldest first. */
  dailySales(from: Date, timeZone: string): Promise<DailySales[]>;
}
