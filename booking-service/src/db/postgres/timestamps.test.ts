import { describe, expect, it } from 'vitest';
import { postgresInstant } from './timestamps.ts';

describe('reading a timestamptz as PostgreSQL writes it', () => {
  it.each([
    ['2026-12-01 04:30:00.123456+00', '2026-12-01T04:30:00.123Z'],
    ['2026-12-01 10:00:00+05:30', '2026-12-01T04:30:00.000Z'],
    ['2026-12-01 10:00:00-03', '2026-12-01T13:00:00.000Z'],
    ['1890-01-01 00:00:00+00:53:28', '1889-12-31T23:06:32.000Z'],
    // Year 1 is year 1 (new Date() of this text gave 2001).
    ['0001-01-01 00:00:00+00', '0001-01-01T00:00:00.000Z'],
    ['0099-06-30 12:00:00+00', '0099-06-30T12:00:00.000Z'],
    ['12026-01-01 00:00:00+00', '+012026-01-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(postgresInstant(text).toISOString()).toBe(iso);
  });

  it.each(['0001-01-01 00:00:00+00 BC', 'infinity', '-infinity', '2026-12-01T10:00:00Z', ''])('%s is an Invalid Date, never a wrong one', (text) => {
    expect(Number.isNaN(postgresInstant(text).getTime())).toBe(true);
  });
});
