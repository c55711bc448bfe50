import { describe, expect, it } from 'vitest';

/**
 * The "Best available" rule (contract/seats/best-available.ts) on every layout of the built-in chain, the spec's hall
 * and a nearly full house. It sits here, not beside the rule, because contract/ may not import the chain.
 */
import { builtInChain } from './built-in-chain.ts';
import { bestAvailableSeats } from '../contract/seats/best-available.ts';
import { DEFAULT_LAYOUT, layoutSeats, seatSelectionProblemIn, seatTypes, type ScreenLayout } from '../contract/seats/layout.ts';

const screens = builtInChain().flatMap((cinema) => cinema.screens);
/** Each distinct built-in layout once, named by its first screen. */
const layouts = [...new Map(screens.map((screen) => [JSON.stringify(screen.layout), screen])).values()];
const byFormat = (format: string) => screens.find((screen) => screen.format === format && screen.layout !== DEFAULT_LAYOUT)!.layout;
const CENTRE_AISLE = byFormat('Dolby Atmos');
const RECLINERS = byFormat('Recliner');
const LARGE = byFormat('IMAX');

const allBut = (layout: ScreenLayout, free: string[]) => layoutSeats(layout).map((seat) => seat.id).filter((id) => !free.includes(id));

/** The most standard or premium seats side by side in any row. */
const widestRun = (layout: ScreenLayout) =>
  Math.max(...layout.rows.flatMap((row) => row.seats.replace(/[^sp]/g, '.').split('.').map((run) => run.length)));

describe('best available seats (issue 53)', () => {
  it('on every built-in layout, for 1 to 5 people: seats together in one row, free, valid, never a wheelchair space or companion seat unless asked', () => {
    expect(layouts.length).toBeGreaterThanOrEqual(4);
    for (const { id, layout } of layouts) {
      const types = seatTypes(layout);
      for (let count = 1; count <= 5; count++) {
        const seats = bestAvailableSeats(layout, [], { count });
        // Never scattered: the recliners' pairs cannot seat 5 together, even over two rows.
        if (widestRun(layout) * 2 < count) {
          expect(seats, `${id} x${count}`).toEqual([]);
          continue;
        }
        expect(seats, `${id} x${count}`).toHaveLength(count);
        expect(seatSelectionProblemIn(layout, seats)).toBeNull();
        const placed = layoutSeats(layout).filter((seat) => seats.includes(seat.id));
        const rows = [...new Set(placed.map((seat) => seat.rowIndex))];
        // One row when some row has that many side by side (the recliners' pairs: two adjacent rows for 3 to 5).
        expect(rows.length, `${id} x${count} rows`).toBe(widestRun(layout) >= count ? 1 : 2);
        if (rows.length === 2) expect(rows[1]! - rows[0]!).toBe(1);
        expect(placed.every((seat, i) => i === 0 || seat.rowIndex !== placed[i - 1]!.rowIndex || seat.column === placed[i - 1]!.column + 1), `${id} x${count} side by side`).toBe(true);
        expect(seats.every((seat) => ['standard', 'premium'].includes(types.get(seat)!)), `${id} x${count} types`).toBe(true);
      }
    }
  });

  it("the spec's hall: the centre of the sweet spot, about 60% of the way back", () => {
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 1 })).toEqual(['F5']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 2 })).toEqual(['F4', 'F5']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 3 })).toEqual(['F4', 'F5', 'F6']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 5 })).toEqual(['F3', 'F4', 'F5', 'F6', 'F7']);
    // The middle taken: the next best block, in the same row or the row nearest.
    const next = bestAvailableSeats(DEFAULT_LAYOUT, ['F4', 'F5', 'F6'], { count: 2 });
    expect(next).toHaveLength(2);
    expect(next.some((seat) => ['F4', 'F5', 'F6'].includes(seat))).toBe(false);
  });

  it('respects the type filtered on: premium only on a premium filter, standard only on a standard one', () => {
    const premium = bestAvailableSeats(CENTRE_AISLE, [], { count: 4, type: 'premium' });
    expect(premium).toHaveLength(4);
    expect(premium.every((seat) => seatTypes(CENTRE_AISLE).get(seat) === 'premium')).toBe(true);
    const standard = bestAvailableSeats(CENTRE_AISLE, [], { count: 4, type: 'standard' });
    expect(standard.every((seat) => seatTypes(CENTRE_AISLE).get(seat) === 'standard')).toBe(true);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 2, type: 'premium' })).toEqual([]);
    // Recliners are premium pairs across aisles: 2 together in a row, 3 only across two rows.
    expect(bestAvailableSeats(RECLINERS, [], { count: 2 })).toHaveLength(2);
    const three = bestAvailableSeats(RECLINERS, [], { count: 3 });
    expect(three).toHaveLength(3);
    expect(new Set(three.map((seat) => seat[0])).size).toBe(2);
  });

  it('proposes a wheelchair space only when asked, with its companion seat, never a companion seat alone', () => {
    expect(bestAvailableSeats(CENTRE_AISLE, [], { count: 1, type: 'wheelchair' })).toEqual(['A1']);
    expect(bestAvailableSeats(CENTRE_AISLE, [], { count: 2, type: 'wheelchair' })).toEqual(['A1', 'A2']);
    expect(bestAvailableSeats(CENTRE_AISLE, [], { count: 3, type: 'wheelchair' })).toEqual(['A1', 'A2', 'A3']);
    // A1's companion taken: the other end's pair.
    expect(bestAvailableSeats(CENTRE_AISLE, ['A2'], { count: 2, type: 'wheelchair' })).toEqual(['A9', 'A10']);
    expect(bestAvailableSeats(CENTRE_AISLE, ['A1', 'A10'], { count: 2, type: 'wheelchair' })).toEqual([]);
    // Row A of the large screen is shorter on the right: its right pair is nearer the centre.
    expect(bestAvailableSeats(LARGE, [], { count: 2, type: 'wheelchair' })).toEqual(['A11', 'A12']);
    // Without the filter, only the companion-free standard seats of row A could be chosen, never A1/A2.
    const front = allBut(CENTRE_AISLE, ['A1', 'A2', 'A3', 'A4']);
    expect(bestAvailableSeats(CENTRE_AISLE, front, { count: 2 })).toEqual(['A3', 'A4']);
    expect(bestAvailableSeats(CENTRE_AISLE, front, { count: 3 })).toEqual([]);
  });

  it('on a nearly full house: the last pair together; two adjacent rows when no row has the party; nothing when only singles are left', () => {
    const taken = allBut(DEFAULT_LAYOUT, ['A1', 'A2', 'G8', 'G9', 'J5', 'C3', 'E7']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, taken, { count: 2 })).toEqual(['G8', 'G9']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, taken, { count: 1 })).toEqual(['J5']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, taken, { count: 3 })).toEqual([]);
    const twoRows = allBut(DEFAULT_LAYOUT, ['E4', 'E5', 'E6', 'F4', 'F5', 'A1', 'C9']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, twoRows, { count: 5 })).toEqual(['E4', 'E5', 'E6', 'F4', 'F5']);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, layoutSeats(DEFAULT_LAYOUT).map((seat) => seat.id), { count: 1 })).toEqual([]);
    expect(bestAvailableSeats(DEFAULT_LAYOUT, [], { count: 6 })).toEqual([]);
  });
});
