import { describe, expect, it } from 'vitest';
import { bookedSeatList } from './booked-seats';

describe('bookedSeatList (spec §3: a list or an object)', () => {
  it('keeps a list', () => expect(bookedSeatList(['A1', 'A2'])).toEqual(['A1', 'A2']));
  it('reads an object keyed by index', () => expect(bookedSeatList({ 0: 'B3', 1: 'B4' })).toEqual(['B3', 'B4']));
  it('reads an object keyed by seat', () => expect(bookedSeatList({ C1: true, C2: 'user_1' })).toEqual(['C1', 'C2']));
  it('has no seats for anything else', () => {
    expect(bookedSeatList(null)).toEqual([]);
    expect(bookedSeatList('A1')).toEqual([]);
  });
});
