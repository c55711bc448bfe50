import { describe, expect, it } from 'vitest';
import { ALL_SEATS, seatSelectionProblem, sortSeats } from './hall.ts';

describe('seat rules', () => {
  it('has 90 seats A1..J9', () => {
    expect(ALL_SEATS).toHaveLength(90);
    expect(ALL_SEATS[0]).toBe('A1');
    expect(ALL_SEATS.at(-1)).toBe('J9');
  });

  it('accepts one to five distinct seats of the hall', () => {
    expect(seatSelectionProblem(['A1'])).toBeNull();
    expect(seatSelectionProblem(['A1', 'B2', 'C3', 'D4', 'J9'])).toBeNull();
  });

  it('refuses empty, too many, unknown and repeated seats with a reason', () => {
    expect(seatSelectionProblem([])).toBe('Please select at least one seat');
    expect(seatSelectionProblem(['A1', 'A2', 'A3', 'A4', 'A5', 'A6'])).toBe('You can only select 5 seats');
    expect(seatSelectionProblem(['K1'])).toMatch(/Unknown seat K1/);
    expect(seatSelectionProblem(['A0'])).toMatch(/Unknown seat A0/);
    expect(seatSelectionProblem(['a1'])).toMatch(/Unknown seat a1/);
    expect(seatSelectionProblem(['A10'])).toMatch(/Unknown seat A10/);
    expect(seatSelectionProblem(['A1', 'A1'])).toBe('Seat A1 is selected more than once');
  });

  it('sorts seats in hall order', () => {
    expect(sortSeats(['B2', 'A9', 'A1', 'J1'])).toEqual(['A1', 'A9', 'B2', 'J1']);
    // Rows of larger screens: K … Z, then AA …; seat numbers beyond 9.
    expect(sortSeats(['AA1', 'K10', 'B10', 'K2', 'Z1', 'B9'])).toEqual(['B9', 'B10', 'K2', 'K10', 'Z1', 'AA1']);
  });
});
