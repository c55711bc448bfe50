export interface SalesSummary { paidBookings: number; revenueCents: number }

/** Paid sales of one theatre-local day. */
export interface DailySales { date: string; revenueCents: number; tickets: number }
