/** Paid sales of one theatre-local day. */
export interface DailySales { date: string; revenueCents: number; tickets: number }

/** The bookings of one screen's shows: all made, those paid, their revenue and seats (the dashboard's per cinema, issue 42). */
export interface ScreenSales { screenId: string; bookings: number; paidBookings: number; revenueCents: number; seatsSold: number }

/** Aggregates for the admin dashboard, computed by the database. */
export interface ReportRepository {
  /** Paid bookings since `from`, grouped by the day they were paid in `timeZone`, oldest first. */
  dailySales(from: Date, timeZone: string): Promise<DailySales[]>;
  /** Every booking grouped by its show's screen (screens without bookings left out); paid ones counted as salesSummary does. */
  salesByScreen(): Promise<ScreenSales[]>;
}
