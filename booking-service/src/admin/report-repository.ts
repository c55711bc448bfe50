/** Paid sales of one theatre-local day. */
export interface DailySales { date: string; revenueCents: number; tickets: number }

/** The bookings of one screen's shows: all made, those paid, their revenue and seats (the dashboard's per cinema). */
export interface ScreenSales { screenId: string; bookings: number; paidBookings: number; revenueCents: number; seatsSold: number }

/** Narrows a sales report: paid before `to`, of shows on these screens. */
export interface SalesScope { to?: Date; screenIds?: readonly string[] }

/** Aggregates for the admin dashboard, computed by the database. */
export interface ReportRepository {
  /**
   * Paid bookings since `from` (and before `scope.to`; of shows on `scope.screenIds` only: one cinema's), grouped by
   * the day they were paid in `timeZone`, oldest first.
   */
  dailySales(from: Date, timeZone: string, scope?: SalesScope): Promise<DailySales[]>;
  /** Every booking grouped by its show's screen (screens without bookings left out); paid ones counted as salesSummary does. */
  salesByScreen(): Promise<ScreenSales[]>;
}
