import { describe, expect, it } from 'vitest';
import { builtInChain } from '../cinemas/built-in-chain.ts';
import { createCinemaDirectory } from '../cinemas/cinema-directory.ts';
import { cinemaTotals } from './cinema-totals.ts';

describe("the dashboard's totals per cinema", () => {
  it("adds up each cinema's screens, lists every cinema in the chain's order (none sold: zeros) and ignores unknown screens", () => {
    const directory = createCinemaDirectory(builtInChain());
    const totals = cinemaTotals(
      [
        { screenId: 'marquee-marine-drive-1', bookings: 3, paidBookings: 2, revenueCents: 2500, seatsSold: 2 },
        { screenId: 'marquee-marine-drive-3', bookings: 1, paidBookings: 1, revenueCents: 1999, seatsSold: 1 },
        { screenId: 'marquee-indiranagar-2', bookings: 2, paidBookings: 0, revenueCents: 0, seatsSold: 0 },
        { screenId: 'gone-1', bookings: 9, paidBookings: 9, revenueCents: 9, seatsSold: 9 },
      ],
      directory,
    );
    expect(totals.map((t) => t.cinemaId)).toEqual(directory.all().map((c) => c.id));
    expect(totals[0]).toEqual({ cinemaId: 'marquee-marine-drive', name: 'Marquee Marine Drive', bookings: 4, paidBookings: 3, revenue: 44.99, seatsSold: 3 });
    expect(totals.find((t) => t.cinemaId === 'marquee-indiranagar')).toMatchObject({ bookings: 2, paidBookings: 0, revenue: 0 });
    expect(totals.find((t) => t.cinemaId === 'marquee-saket-central')).toMatchObject({ bookings: 0, revenue: 0, seatsSold: 0 });
  });
});
