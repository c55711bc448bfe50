/**
 * When online sales of a show close: SALES_CLOSE_MINUTES before it starts (the service's setting,
 * in GET /api/config). The service refuses holds from then on; the customer site says so before
 * anyone tries. Shared so both count the same minute.
 */
export function salesCloseAt(startsAt: Date, salesCloseMinutes: number): Date {
  return new Date(startsAt.getTime() - salesCloseMinutes * 60_000);
}
