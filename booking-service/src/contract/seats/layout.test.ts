import { describe, expect, it } from 'vitest';
import { ALL_SEATS, seatSelectionProblem } from './hall.ts';
import { companionSeatsOf, DEFAULT_LAYOUT, layoutProblem, layoutSeats, priceBreakdownCents, seatSelectionProblemIn, showTimePrice, type ScreenLayout } from './layout.ts';

/** A small screen with a centre aisle, a premium back row and two wheelchair spaces with companions. */
const STUDIO: ScreenLayout = {
  rows: [
    { label: 'A', seats: 'wc..cw' },
    { label: 'B', seats: 'sss.sss', aisleBefore: true },
    { label: 'C', seats: 'ppp.ppp' },
  ],
};

describe('screen layouts', () => {
  it('the default layout is the spec hall: A1..J9 in order, aisles before C, E, G and I', () => {
    expect(layoutSeats(DEFAULT_LAYOUT).map((seat) => seat.id)).toEqual(ALL_SEATS);
    expect(DEFAULT_LAYOUT.rows.filter((row) => row.aisleBefore).map((row) => row.label)).toEqual(['C', 'E', 'G', 'I']);
    expect(layoutProblem(DEFAULT_LAYOUT)).toBeNull();
  });

  it('numbers seats along the row without counting gaps, and types each', () => {
    const seats = layoutSeats(STUDIO);
    expect(seats.filter((seat) => seat.row === 'B').map((seat) => [seat.id, seat.column])).toEqual([
      ['B1', 0], ['B2', 1], ['B3', 2], ['B4', 4], ['B5', 5], ['B6', 6],
    ]);
    expect(seats.filter((seat) => seat.row === 'A').map((seat) => `${seat.id}:${seat.type}`)).toEqual([
      'A1:wheelchair', 'A2:companion', 'A3:companion', 'A4:wheelchair',
    ]);
  });

  it('gives the same answers as the spec hall on the default layout', () => {
    for (const seats of [[], ['A1'], ['A1', 'A1'], ['K1'], ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], ['J9', 'A0']]) {
      expect(seatSelectionProblemIn(DEFAULT_LAYOUT, seats)).toBe(seatSelectionProblem(seats));
    }
  });

  it('refuses seats the screen does not have, and a companion seat without its wheelchair space', () => {
    expect(seatSelectionProblemIn(STUDIO, ['B7'])).toBe('Unknown seat B7: seats are A1 to C6');
    expect(seatSelectionProblemIn(STUDIO, ['A2'])).toMatch(/^Companion seat A2 is booked together with the wheelchair space beside it \(A1\)/);
    expect(seatSelectionProblemIn(STUDIO, ['A1', 'A2'])).toBeNull();
    expect(seatSelectionProblemIn(STUDIO, ['A1'])).toBeNull();
    expect(seatSelectionProblemIn(STUDIO, ['A3', 'A1'])).toMatch(/^Companion seat A3/);
  });

  it('refuses unsound layouts with a reason staff can act on', () => {
    expect(layoutProblem({ rows: [] })).toMatch(/at least one row/);
    expect(layoutProblem({ rows: [{ label: 'A', seats: 'ss' }, { label: 'A', seats: 's' }] })).toBe('Row A appears twice');
    expect(layoutProblem({ rows: [{ label: 'a', seats: 's' }] })).toMatch(/capital letters/);
    expect(layoutProblem({ rows: [{ label: 'A', seats: 'sx' }] })).toMatch(/use s, p, w, c/);
    expect(layoutProblem({ rows: [{ label: 'A', seats: '...' }] })).toBe('Row A has no seats');
    expect(layoutProblem({ rows: [{ label: 'A', seats: 'sc' }] })).toMatch(/companion seat sits beside a wheelchair space/);
    expect(layoutProblem(STUDIO)).toBeNull();
  });

  it('prices each seat by its type, a type left out at the standard price, in exact cents', () => {
    const prices = { standard: 12.5, premium: 18.1 };
    expect(priceBreakdownCents(STUDIO, prices, ['C1', 'B2', 'A1', 'A2', 'C2'])).toEqual({
      lines: [
        { type: 'standard', seats: ['B2'], unitCents: 1250, cents: 1250 },
        { type: 'premium', seats: ['C1', 'C2'], unitCents: 1810, cents: 3620 },
        { type: 'wheelchair', seats: ['A1'], unitCents: 1250, cents: 1250 },
        { type: 'companion', seats: ['A2'], unitCents: 1250, cents: 1250 },
      ],
      totalCents: 7370,
    });
  });

  it("a show time's chip price (issue 53): the lowest of the seats anyone may choose, 'from' when others cost more", () => {
    expect(showTimePrice(DEFAULT_LAYOUT, { standard: 13 })).toEqual({ fromPrice: 13, priceVaries: false });
    expect(showTimePrice(STUDIO, { standard: 14.5, premium: 22 })).toEqual({ fromPrice: 14.5, priceVaries: true });
    // Recliners: premium seats, a wheelchair space and companion seat at the standard price: every seat anyone may choose is $30.
    const recliners: ScreenLayout = { rows: [{ label: 'A', seats: 'wc.pp' }, { label: 'B', seats: 'pp.pp' }] };
    expect(showTimePrice(recliners, { standard: 20, premium: 30 })).toEqual({ fromPrice: 30, priceVaries: false });
    expect(showTimePrice({ rows: [{ label: 'A', seats: 'wc' }] }, { standard: 20, wheelchair: 10 })).toEqual({ fromPrice: 10, priceVaries: true });
  });

  it('names the companion seats beside a wheelchair space, and none beside any other seat', () => {
    expect(companionSeatsOf(STUDIO, 'A1')).toEqual(['A2']);
    expect(companionSeatsOf(STUDIO, 'A4')).toEqual(['A3']);
    expect(companionSeatsOf({ rows: [{ label: 'A', seats: 'cwc' }] }, 'A2')).toEqual(['A1', 'A3']);
    expect(companionSeatsOf(STUDIO, 'A2')).toEqual([]);
    expect(companionSeatsOf(STUDIO, 'B1')).toEqual([]);
  });
});
