import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, layoutProblem, layoutSeats, seatSelectionProblemIn } from '../contract/seats/layout.ts';
import { seatSelectionProblem } from '../contract/seats/hall.ts';
import { builtInChain, DEFAULT_CINEMA_ID, DEFAULT_SCREEN_ID } from './built-in-chain.ts';
import { createCinemaDirectory } from './cinema-directory.ts';

const chain = builtInChain();

describe('the built-in chain', () => {
  it("has the spec's cities, two cinemas each, each with two or three screens, every id unique", () => {
    expect([...new Set(chain.map((c) => c.city))]).toEqual(['Mumbai', 'Delhi', 'Bangalore']);
    for (const city of ['Mumbai', 'Delhi', 'Bangalore']) expect(chain.filter((c) => c.city === city)).toHaveLength(2);
    for (const cinema of chain) expect(cinema.screens.length).toBeGreaterThanOrEqual(2);
    for (const cinema of chain) expect(cinema.screens.length).toBeLessThanOrEqual(3);
    const ids = [...chain.map((c) => c.id), ...chain.flatMap((c) => c.screens.map((s) => s.id))];
    expect(new Set(ids).size).toBe(ids.length);
    expect(chain.every((c) => c.timeZone === 'Asia/Kolkata')).toBe(true);
  });

  it("every layout is sound; the default cinema's first screen is the spec's hall, all standard", () => {
    for (const screen of chain.flatMap((c) => c.screens)) expect(layoutProblem(screen.layout), screen.id).toBeNull();
    expect(chain[0]!.id).toBe(DEFAULT_CINEMA_ID);
    expect(chain[0]!.screens[0]).toMatchObject({ id: DEFAULT_SCREEN_ID, name: 'Screen 1', layout: DEFAULT_LAYOUT });
    expect(layoutSeats(DEFAULT_LAYOUT).every((seat) => seat.type === 'standard')).toBe(true);
  });

  it('has a screen with a centre aisle, premium rows at the back and wheelchair spaces with companion seats', () => {
    const shaped = chain.flatMap((c) => c.screens).find((screen) => {
      const rows = screen.layout.rows;
      const centreGap = rows.every((row) => row.seats[Math.floor(row.seats.length / 2)] === '.');
      const premiumBack = rows.at(-1)!.seats.includes('p');
      const access = rows.some((row) => row.seats.includes('w') && row.seats.includes('c'));
      return centreGap && premiumBack && access;
    });
    expect(shaped).toBeDefined();
  });

  it("the spec's rule texts hold on the default screen, as hall.ts states them", () => {
    const layout = createCinemaDirectory(chain).layoutOf(DEFAULT_SCREEN_ID);
    for (const seats of [[], ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], ['K1'], ['A1', 'A1'], ['J9']]) {
      expect(seatSelectionProblemIn(layout, seats)).toBe(seatSelectionProblem(seats));
    }
  });
});

describe('the cinema directory', () => {
  it("finds a screen's cinema and layout; an unknown screen has none (its layout: the spec's hall)", () => {
    const directory = createCinemaDirectory(chain);
    expect(directory.place('marquee-saket-central-1')).toMatchObject({ screen: { format: 'IMAX' }, cinema: { id: 'marquee-saket-central', city: 'Delhi' } });
    expect(directory.place('nowhere-1')).toBeUndefined();
    expect(directory.layoutOf('nowhere-1')).toBe(DEFAULT_LAYOUT);
    expect(directory.cities()).toEqual(['Mumbai', 'Delhi', 'Bangalore']);
    expect(directory.cinema('marquee-indiranagar')?.name).toBe('Marquee Indiranagar');
  });
});
