import { describe, expect, it } from 'vitest';
import { defaultShoppingCapacity } from '../contract/seats/sales.ts';
import { ADMISSION_GRACE_MS, admissionsPerRun, entryState, estimatedWaitSeconds, position, secondsPerPlace } from './queue-rules.ts';
import type { QueueEntry } from './waiting-room-repository.ts';

const now = new Date('2026-12-01T10:00:00Z');
const entry = (changes: Partial<QueueEntry>): QueueEntry => ({
  eventId: 'e',
  accountId: 'a',
  joinedAt: new Date('2026-12-01T09:00:00Z'),
  place: null,
  admittedAt: null,
  windowEndsAt: null,
  claimedAt: null,
  leftAt: null,
  removedAt: null,
  ...changes,
});

describe('queue rules', () => {
  it('the default capacity is a quarter of the seats (90 a show), at least 1', () => {
    expect(defaultShoppingCapacity(4)).toBe(90);
    expect(defaultShoppingCapacity(1)).toBe(22);
  });

  it('an admission never claimed within the 5-minute grace is abandoned (done); a claimed one runs its window', () => {
    const admittedAt = new Date(now.getTime() - ADMISSION_GRACE_MS);
    const windowEndsAt = new Date(now.getTime() + 5 * 60_000);
    expect(ADMISSION_GRACE_MS).toBe(5 * 60_000);
    expect(entryState(entry({ place: 7, admittedAt, windowEndsAt }), now)).toBe('done');
    expect(entryState(entry({ place: 7, admittedAt, windowEndsAt }), new Date(now.getTime() - 1))).toBe('shopping');
    expect(entryState(entry({ place: 7, admittedAt, windowEndsAt, claimedAt: new Date(admittedAt.getTime() + 1000) }), now)).toBe('shopping');
  });

  it("an entry's state: pre-queue without a place, waiting with one, shopping while its window is open, then done", () => {
    expect(entryState(entry({}), now)).toBe('pre-queue');
    expect(entryState(entry({ place: 7 }), now)).toBe('waiting');
    expect(entryState(entry({ place: 7, admittedAt: now, windowEndsAt: new Date(now.getTime() + 1) }), now)).toBe('shopping');
    expect(entryState(entry({ place: 7, admittedAt: now, windowEndsAt: now }), now)).toBe('done');
    expect(entryState(entry({ place: 7, leftAt: now }), now)).toBe('left');
    expect(entryState(entry({ place: 7, leftAt: now, removedAt: now }), now)).toBe('removed');
  });

  it('the position is the place against the serving counter (never below 1), none in the pre-queue', () => {
    expect(position(entry({ place: 120 }), { serving: 100 })).toBe(20);
    expect(position(entry({ place: 101 }), { serving: 100 })).toBe(1);
    expect(position(entry({}), { serving: 100 })).toBeNull();
  });

  it('the wait follows the admissions of the last minute, or before any the slots turning over once a window', () => {
    const event = { shoppingCapacity: 20, windowMinutes: 10 };
    expect(secondsPerPlace(30, event)).toBe(2);
    expect(estimatedWaitSeconds(60, secondsPerPlace(30, event))).toBe(120);
    expect(estimatedWaitSeconds(60, secondsPerPlace(0, event))).toBe(1800);
    // A third of a second a place, for 10 ahead: 4 s (rounded up), never 3.
    expect(estimatedWaitSeconds(10, secondsPerPlace(180, event))).toBe(4);
  });
});

describe('admissions per run', () => {
  it('fill a large capacity over about ten runs, a small one at once', () => {
    expect(admissionsPerRun(90)).toBe(10);
    expect(admissionsPerRun(400)).toBe(40);
    expect(admissionsPerRun(5)).toBe(10);
    expect(admissionsPerRun(1)).toBe(10);
  });
});
