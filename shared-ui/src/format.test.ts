import { describe, expect, it } from 'vitest';
import { calendarDateIn } from './calendar-date';
import { bookingStatusLabel, formatBudget, formatDay, formatPrice, formatRuntime, formatVotes, releaseYear } from './format';

describe('formatters of spec §9', () => {
  it('formats runtime as Xh Ym', () => {
    expect(formatRuntime(148)).toBe('2h 28m');
    expect(formatRuntime(45)).toBe('0h 45m');
    expect(formatRuntime(120)).toBe('2h 0m');
  });
  it('formats prices with the $ symbol, keeping cents', () => {
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(1234)).toBe('$1,234.00');
    // The service's CURRENCY: a theatre selling in rupees or euros shows its own symbol.
    expect(formatPrice(250, 'INR')).toBe('₹250.00');
    expect(formatPrice(12.5, 'EUR')).toBe('€12.50');
    expect(formatPrice(25.5)).toBe('$25.50');
    expect(formatPrice(9.99)).toBe('$9.99');
  });
  it('formats budgets in USD without decimals', () => {
    expect(formatBudget(150_000_000)).toBe('$150,000,000');
  });
  it('shows vote counts above 1000 as k with one decimal', () => {
    expect(formatVotes(23456)).toBe('23.5k');
    expect(formatVotes(1000)).toBe('1000');
    expect(formatVotes(1001)).toBe('1.0k');
    expect(formatVotes(987)).toBe('987');
  });
  it('reads years and days', () => {
    expect(releaseYear('2026-05-01')).toBe('2026');
    expect(releaseYear('')).toBe('');
    expect(formatDay('2026-11-21')).toBe('Sat, Nov 21');
  });
});

describe('bookingStatusLabel', () => {
  it('names a booking paid, cancelled or unpaid', () => {
    expect(bookingStatusLabel({ isPaid: true, status: 'paid' })).toBe('Paid');
    expect(bookingStatusLabel({ isPaid: false, status: 'cancelled' })).toBe('Cancelled: not paid');
    expect(bookingStatusLabel({ isPaid: false, status: 'held' })).toBe('Awaiting payment');
    expect(bookingStatusLabel({ isPaid: false, status: 'cancelled', refundStatus: 'refunded' })).toBe('Cancelled · Refunded');
    expect(bookingStatusLabel({ isPaid: false, status: 'cancelled', refundStatus: 'pending' })).toBe('Cancelled · Refund pending');
    expect(bookingStatusLabel({ isPaid: false, status: 'cancelled', refundStatus: 'failed' })).toBe('Cancelled · Refund failed');
  });
});

describe('calendarDateIn', () => {
  it('is the date in the given zone, as the site URLs write it', () => {
    expect(calendarDateIn('2026-12-01T03:30:00.000Z', 'UTC')).toBe('2026-12-01');
    expect(calendarDateIn('2026-12-01T03:30:00.000Z', 'America/New_York')).toBe('2026-11-30');
    expect(calendarDateIn('2026-12-01T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-02');
  });
});

