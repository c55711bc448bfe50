import { describe, expect, it } from 'vitest';
import { toCents, toUnits } from './money.ts';

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
