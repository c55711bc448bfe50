import { describe, expect, it } from 'vitest';
import { formatTheatreTime, isCalendarDate, localDate, localDayRange, zonedInstant } from './theatre-time.ts';

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
    // With seconds (an on-sale time).
    expect(zonedInstant('2026-07-01', '18:30:05', 'Europe/London').toISOString()).toBe('2026-07-01T17:30:05.000Z');
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

  it('shows an instant as the theatre\'s clocks read it, in the medium and the full (email) style', () => {
    const instant = new Date('2026-11-22T03:30:00Z');
    // ICU puts a plain or a narrow no-break space before PM, depending on its version.
    expect(formatTheatreTime(instant, 'America/New_York')).toMatch(/^Nov 21, 2026, 10:30\sPM$/);
    expect(formatTheatreTime(instant, 'Europe/Paris', 'full')).toMatch(/^Sunday, November 22, 2026 at 4:30\sAM$/);
  });
});
