import { describe, expect, it } from 'vitest';
import { isCalendarDate, isMovieId, isSitePath } from './route-params';

describe('route parameters', () => {
  it('movie ids are positive whole numbers', () => {
    expect(isMovieId('1027')).toBe(true);
    for (const bad of ['abc', '0', '-1', '1.5', '', '12345678901']) expect(isMovieId(bad)).toBe(false);
  });
  it('dates are real calendar dates', () => {
    expect(isCalendarDate('2026-12-24')).toBe(true);
    for (const bad of ['not-a-date', '2026-02-30', '2026-13-01', '26-12-24', '2026-12-24T10:00']) expect(isCalendarDate(bad)).toBe(false);
  });
  it('loading targets stay on this site', () => {
    expect(isSitePath('movies')).toBe(true);
    expect(isSitePath('my-bookings')).toBe(true);
    for (const bad of ['/evil.example', '\\\\evil', 'javascript:alert(1)', 'https://evil.example']) expect(isSitePath(bad)).toBe(false);
  });
});
