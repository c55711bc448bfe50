import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { CinemaTotals } from '../contract/cinemas.ts';
import { toUnits } from '../contract/money.ts';
import type { ScreenSales } from './report-repository.ts';

/** The dashboard's totals per cinema, every cinema of the chain in its order (none sold: zeros), from the sales per screen. */
export function cinemaTotals(sales: readonly ScreenSales[], cinemas: Pick<CinemaDirectory, 'all' | 'place'>): CinemaTotals[] {
  const totals = new Map(
    cinemas.all().map((cinema) => [cinema.id, { cinemaId: cinema.id, name: cinema.name, bookings: 0, paidBookings: 0, revenueCents: 0, seatsSold: 0 }]),
  );
  for (const screen of sales) {
    const total = totals.get(cinemas.place(screen.screenId)?.cinema.id ?? '');
    if (!total) continue;
    total.bookings += screen.bookings;
    total.paidBookings += screen.paidBookings;
    total.revenueCents += screen.revenueCents;
    total.seatsSold += screen.seatsSold;
  }
  return [...totals.values()].map(({ revenueCents, ...total }) => ({ ...total, revenue: toUnits(revenueCents) }));
}
