import { describe, expect, it } from 'vitest';
import { toCents, toUnits } from './money.ts';
import { ALL_SEATS, seatSelectionProblem, sortSeats } from './seats.ts';
import { isCalendarDate, localDate, localDayRange, zonedInstant } from './time-zone.ts';

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
  });
});

describe('money', () => {
  it('stores prices as integer cents, keeping cents', () => {
    expect(toCents(25.5)).toBe(2550);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0)).toBe(0);
    expect(toUnits(2550)).toBe(25.5);
  });

  it('refuses fractions of a cent, negatives and absurd prices', () => {
    expect(toCents(1.005)).toBeNull();
    expect(toCents(-1)).toBeNull();
    expect(toCents(1e9)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
});

describe('theatre time zone', () => {
  it('groups instants by the local calendar date', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-03-01');
    expect(localDate(instant, 'Asia/Kolkata')).toBe('2026-03-02');
    expect(localDate(instant, 'America/New_York')).toBe('2026-03-01');
  });

  it('turns a local date and time into the right instant, across daylight saving', () => {
    expect(zonedInstant('2026-07-01', '18:30', 'UTC').toISOString()).toBe('2026-07-01T18:30:00.000Z');
    expect(zonedInstant('2026-07-01', '18:30', 'Europe/London').toISOString()).toBe('2026-07-01T17:30:00.000Z');
    expect(zonedInstant('2026-01-15', '18:30', 'Europe/London').toISOString()).toBe('2026-01-15T18:30:00.000Z');
    expect(zonedInstant('2026-01-15', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-01-15T03:30:00.000Z');
    // 02:30 does not exist on 2026-03-29 in London; the clock jumps to 03:30.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
  });

  it('gives the local day as a half-open range', () => {
    const { from, to } = localDayRange('2026-07-01', 'Europe/London');
    expect(from.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-07-01T23:00:00.000Z');
  });
});
