import type { OnSaleEvent, QueueEntry } from './waiting-room-repository.ts';

export type EntryState = 'pre-queue' | 'waiting' | 'shopping' | 'done' | 'removed' | 'left';

/**
 * How long an admission waits to be claimed (the moviegoer's first poll after it) before it counts as
 * abandoned and its slot refills: a dropped connection keeps the turn this long (Cloudflare's grace).
 */
export const ADMISSION_GRACE_MS = 5 * 60_000;

/**
 * Admissions per run (each instance's timer runs them every second): free slots are filled over about ten
 * seconds, never all in one instant. At the on-sale the whole shopping capacity is free: a quarter of the
 * seats (90 for 4 shows) admitted in one second sent 90 moviegoers to the seat map and the booking together,
 * and that burst stalled both instances for ~370 ms in the presale bench. Ten or fewer go at once, so small
 * capacities fill at once; the refill as windows end is far slower than this, so the cap only shapes the
 * start (and mass departures). Admission at a rate the site can serve is the waiting rooms' convention.
 */
const ADMISSION_RAMP_RUNS = 10;
const ADMISSIONS_AT_ONCE = 10;

export function admissionsPerRun(shoppingCapacity: number): number {
  return Math.max(ADMISSIONS_AT_ONCE, Math.ceil(shoppingCapacity / ADMISSION_RAMP_RUNS));
}

/**
 * The ramp is the event's, not each instance's: every instance's timer runs admissions once a second, and one at
 * a time per event does the work, so without a spacing 50 instances would give 50 runs' worth a second, the burst
 * the ramp exists to prevent. A run admits only when the event's latest admission is at least this old, whichever
 * instance gave it. A little under the timers' period, so one instance's own runs (a tick read a few milliseconds
 * early or late) are never skipped.
 */
export const ADMISSION_RUN_SPACING_MS = 900;

/** Whether an admission run may admit now, given the event's latest admission (run by any instance). */
export function admissionRunDue(latestAdmission: Date | null, now: Date): boolean {
  return latestAdmission === null || now.getTime() - latestAdmission.getTime() >= ADMISSION_RUN_SPACING_MS;
}

/** Where an entry stands at `now` (a window that ran out, or an admission never claimed within the grace, is done: its slot was freed). */
export function entryState(entry: Pick<QueueEntry, 'removedAt' | 'leftAt' | 'admittedAt' | 'windowEndsAt' | 'claimedAt' | 'place'>, now: Date): EntryState {
  if (entry.removedAt) return 'removed';
  if (entry.leftAt) return 'left';
  if (entry.admittedAt && !entry.claimedAt && entry.admittedAt.getTime() + ADMISSION_GRACE_MS <= now.getTime()) return 'done';
  if (entry.admittedAt) return entry.windowEndsAt && entry.windowEndsAt > now ? 'shopping' : 'done';
  return entry.place === null ? 'pre-queue' : 'waiting';
}

/**
 * How many are ahead, counted against the serving counter: places given up ahead still count, so it
 * can only overstate (and then drop faster), never jump up.
 */
export function position(entry: Pick<QueueEntry, 'place'>, event: Pick<OnSaleEvent, 'serving'>): number | null {
  if (entry.place === null) return null;
  return Math.max(1, entry.place - event.serving);
}

/**
 * The estimated wait of one place, in seconds, from the admissions of the last minute; before any (the
 * start), from the closed loop's slowest pace: every slot turning over once a window.
 */
export function secondsPerPlace(admittedLastMinute: number, event: Pick<OnSaleEvent, 'shoppingCapacity' | 'windowMinutes'>): number {
  return 60 / Math.max(admittedLastMinute, event.shoppingCapacity / event.windowMinutes);
}

/** Seconds until admission for someone with `ahead` places before them (the queue stream sends the pace; the page multiplies the same way). */
export function estimatedWaitSeconds(ahead: number, perPlaceSeconds: number): number {
  return Math.ceil(ahead * perPlaceSeconds);
}
