import { describe, expect, it } from 'vitest';
import { countOf } from './count-of';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'booking')).toBe('1 booking');
    expect(countOf(0, 'booking')).toBe('0 bookings');
    expect(countOf(60, 'show')).toBe('60 shows');
    expect(countOf(1234, 'booking')).toBe('1,234 bookings');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
