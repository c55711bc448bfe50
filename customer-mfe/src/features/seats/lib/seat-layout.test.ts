import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, type ScreenLayout } from 'booking-service/layout';
import { nextSeat, seatGrid, toggleInLayout } from './seat-layout';

/** A small screen: wheelchair spaces with companion seats at row A's ends, a centre aisle, a shorter row C. */
const AISLE: ScreenLayout = {
  rows: [
    { label: 'A', seats: 'wcs.scw' },
    { label: 'B', seats: 'sss.sss' },
    { label: 'C', seats: 'pp.pp', aisleBefore: true },
  ],
};

describe('seatGrid', () => {
  it('draws the spec hall as today: rows A-J of 9, blocks A/B, C/D, E/F, G/H, I/J', () => {
    const grid = seatGrid(DEFAULT_LAYOUT);
    expect(grid.blocks.map((block) => block.map((row) => row.label).join(''))).toEqual(['AB', 'CD', 'EF', 'GH', 'IJ']);
    expect(grid.rows[0]!.cells.map((cell) => cell?.id)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9']);
    expect(grid.first).toBe('A1');
    expect(grid.seats.size).toBe(90);
  });

  it('keeps gaps as empty positions and centres a shorter row', () => {
    const grid = seatGrid(AISLE);
    expect(grid.rows[0]!.cells.map((cell) => cell?.id ?? '.')).toEqual(['A1', 'A2', 'A3', '.', 'A4', 'A5', 'A6']);
    expect(grid.rows[0]!.cells[0]!.type).toBe('wheelchair');
    expect(grid.rows[2]!.offset).toBe(1);
    expect(grid.blocks.map((block) => block.length)).toEqual([2, 1]);
  });
});

describe('nextSeat', () => {
  it('moves as before on the spec hall, and stops at its edges', () => {
    const grid = seatGrid(DEFAULT_LAYOUT);
    expect(nextSeat(grid, 'A1', 'ArrowRight')).toBe('A2');
    expect(nextSeat(grid, 'A1', 'ArrowLeft')).toBeNull();
    expect(nextSeat(grid, 'B5', 'ArrowDown')).toBe('C5');
    expect(nextSeat(grid, 'A5', 'ArrowUp')).toBeNull();
    expect(nextSeat(grid, 'J9', 'ArrowDown')).toBeNull();
    expect(nextSeat(grid, 'D4', 'Home')).toBe('D1');
    expect(nextSeat(grid, 'D4', 'End')).toBe('D9');
    expect(nextSeat(grid, 'D4', 'Enter')).toBeNull();
  });

  it('steps over an aisle along a row', () => {
    const grid = seatGrid(AISLE);
    expect(nextSeat(grid, 'B3', 'ArrowRight')).toBe('B4');
    expect(nextSeat(grid, 'B4', 'ArrowLeft')).toBe('B3');
    expect(nextSeat(grid, 'A6', 'End')).toBe('A6');
  });

  it('moves up and down to the nearest seat where rows differ', () => {
    const grid = seatGrid(AISLE);
    // B1 is drawn at position 0; row C starts at 1 (centred): its first seat is nearest.
    expect(nextSeat(grid, 'B1', 'ArrowDown')).toBe('C1');
    // B4 is drawn at 4: C3 (at 1 + 3) is right below it.
    expect(nextSeat(grid, 'B4', 'ArrowDown')).toBe('C3');
    // C2 is drawn at 2, as B3 is.
    expect(nextSeat(grid, 'C2', 'ArrowUp')).toBe('B3');
  });
});

describe('toggleInLayout', () => {
  it('refuses a companion seat alone, with the service text', () => {
    expect(toggleInLayout(AISLE, [], 'A2')).toEqual({ problem: 'Companion seat A2 is booked together with the wheelchair space beside it (A1)' });
  });

  it('takes a companion seat with its wheelchair space, and lets it go with the space', () => {
    const withSpace = toggleInLayout(AISLE, ['A1'], 'A2');
    expect(withSpace).toEqual({ seats: ['A1', 'A2'] });
    expect(toggleInLayout(AISLE, ['A1', 'A2', 'B1'], 'A1')).toEqual({ seats: ['B1'] });
    expect(toggleInLayout(AISLE, ['A1', 'A2'], 'A2')).toEqual({ seats: ['A1'] });
  });

  it('toggles ordinary seats as before', () => {
    expect(toggleInLayout(DEFAULT_LAYOUT, ['A1'], 'A2')).toEqual({ seats: ['A1', 'A2'] });
    expect(toggleInLayout(DEFAULT_LAYOUT, ['A1', 'A2'], 'A1')).toEqual({ seats: ['A2'] });
  });
});
