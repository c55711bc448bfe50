import { describe, expect, it } from 'vitest';
import type { ScreenLayout } from '../contract/seats/layout.ts';
import { seatPricesOf, seatsAmountCents } from './seat-prices.ts';

const LAYOUT: ScreenLayout = { rows: [{ label: 'A', seats: 'wcs.s' }, { label: 'B', seats: 'pp.pp' }] };

describe('a show\'s prices by seat type', () => {
  it('answers the standard price as showPrice and only the types the show prices otherwise', () => {
    expect(seatPricesOf({ priceCents: 1250, seatPriceCents: {} })).toEqual({ standard: 12.5 });
    expect(seatPricesOf({ priceCents: 1000, seatPriceCents: { premium: 1575, wheelchair: 0 } })).toEqual({ standard: 10, premium: 15.75, wheelchair: 0 });
  });

  it('charges each seat its type\'s price in exact cents; a type left out costs standard', () => {
    const show = { priceCents: 999, seatPriceCents: { premium: 1333, wheelchair: 500 } };
    // A1 wheelchair 5.00, A2 companion (standard) 9.99, B1 premium 13.33, A3 standard 9.99.
    expect(seatsAmountCents(show, LAYOUT, ['A1', 'A2', 'B1', 'A3'])).toBe(500 + 999 + 1333 + 999);
    expect(seatsAmountCents({ priceCents: 1010, seatPriceCents: {} }, LAYOUT, ['A3', 'A4', 'B4'])).toBe(3030);
  });
});
