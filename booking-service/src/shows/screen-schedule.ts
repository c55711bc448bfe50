import { formatTheatreClock, formatTheatreTime } from '../contract/theatre-time.ts';

/**
 * One screen, one show at a time. A show occupies its screen from its start to its end (start + the
 * movie's runtime) plus its cinema's turnover (cleaning, doors): [startsAt, readyAt). No two live (not cancelled)
 * occupations of one screen overlap; the stores enforce it where two instances cannot race past it (PostgreSQL:
 * an exclusion constraint, migration 0020; MongoDB: a per-screen schedule document written conditionally).
 * This file holds the rule's arithmetic and its words; the stores hold the guarantee.
 */

const MINUTE_MS = 60_000;

/** A show's time on its screen. */
export interface ScreenTime {
  startsAt: Date;
  /** Start + the movie's runtime. */
  endsAt: Date;
  /** End + the cinema's turnover: when the screen can start another show. */
  readyAt: Date;
}

/** A live show's occupation of its screen, as the stores read it. */
export interface Occupation extends ScreenTime {
  /** null: another of the shows being placed (the same request, or the same movie's shows at a new runtime). */
  showId: string | null;
  movieId: string;
  title: string;
  screenId: string;
  /** Stored before the rule existed and overlapping another show: kept, listed for staff, outside the constraint. */
  grandfathered: boolean;
}

/** A proposed show that overlaps one already on the screen (or one earlier in the same request). */
export interface ScheduleClash {
  /** The proposed show's time on the screen. */
  proposed: ScreenTime;
  /** The show it overlaps. */
  with: Occupation;
  /** The earliest start at or after the proposed one at which the whole show (and its turnover) fits. */
  nextFreeStart: Date;
}

/** Two live shows of one screen that overlap: stored before the rule, or left by a runtime change refused since. */
export interface ScreenOverlap {
  screenId: string;
  shows: [Occupation & { seatsSold: number }, Occupation & { seatsSold: number }];
}

/** A store refused shows (or a runtime change) that would overlap others on their screen: nothing was written. */
export class ScheduleClashError extends Error {
  constructor(readonly clashes: ScheduleClash[]) {
    super(`${clashes.length} show${clashes.length === 1 ? '' : 's'} would overlap another on its screen`);
    this.name = 'ScheduleClashError';
  }
}

export function screenTime(startsAt: Date, runtimeMinutes: number, turnoverMinutes: number): ScreenTime {
  const endsAt = new Date(startsAt.getTime() + runtimeMinutes * MINUTE_MS);
  return { startsAt, endsAt, readyAt: new Date(endsAt.getTime() + turnoverMinutes * MINUTE_MS) };
}

/** Half-open ranges [startsAt, readyAt): a show may start the minute the screen is ready. */
export function overlaps(a: Pick<ScreenTime, 'startsAt' | 'readyAt'>, b: Pick<ScreenTime, 'startsAt' | 'readyAt'>): boolean {
  return a.startsAt.getTime() < b.readyAt.getTime() && b.startsAt.getTime() < a.readyAt.getTime();
}

/**
 * The earliest start at or after `from` at which a show occupying `lengthMs` overlaps none of `busy`,
 * rounded up to the minute (staff enter minutes).
 */
export function nextFreeStart(from: Date, lengthMs: number, busy: readonly Pick<ScreenTime, 'startsAt' | 'readyAt'>[]): Date {
  let start = Math.ceil(from.getTime() / MINUTE_MS) * MINUTE_MS;
  for (;;) {
    const candidate = { startsAt: new Date(start), readyAt: new Date(start + lengthMs) };
    const blocking = busy.filter((b) => overlaps(candidate, b));
    if (blocking.length === 0) return new Date(start);
    start = Math.ceil(Math.max(...blocking.map((b) => b.readyAt.getTime())) / MINUTE_MS) * MINUTE_MS;
  }
}

/**
 * The clashes of proposed shows with those on the screen and with each other (a request of 7:00 and 7:30 of a
 * two-hour film clashes with itself). `existing` are the screen's live occupations around the proposed times.
 */
export function findClashes(
  proposed: readonly ScreenTime[],
  existing: readonly Occupation[],
  own: Pick<Occupation, 'movieId' | 'title' | 'screenId'>,
): ScheduleClash[] {
  const clashes: ScheduleClash[] = [];
  const accepted: Occupation[] = [];
  for (const time of [...proposed].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const busy = [...existing, ...accepted];
    const blocker = busy.find((o) => overlaps(time, o));
    if (blocker) {
      const lengthMs = time.readyAt.getTime() - time.startsAt.getTime();
      clashes.push({ proposed: time, with: blocker, nextFreeStart: nextFreeStart(time.startsAt, lengthMs, busy) });
    } else {
      accepted.push({ ...own, ...time, showId: null, grandfathered: false });
    }
  }
  return clashes;
}

/** "7:00-8:43 PM", or "11:30 AM-1:13 PM" across noon, on the cinema's clock. */
export function clockRange(from: Date, to: Date, timeZone: string): string {
  const start = formatTheatreClock(from, timeZone);
  const end = formatTheatreClock(to, timeZone);
  const [startClock, startHalf] = start.split(' ');
  const [endClock, endHalf] = end.split(' ');
  return startHalf === endHalf ? `${startClock}-${endClock} ${endHalf}` : `${start}-${end}`;
}

/** "Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM". */
export function occupiedMessage(screenName: string, occupation: Occupation, timeZone: string): string {
  const what = occupation.showId === null ? `${occupation.title} (another of these shows)` : occupation.title;
  return (
    `${screenName} is showing ${what} ${clockRange(occupation.startsAt, occupation.endsAt, timeZone)}, ` +
    `ready again at ${formatTheatreClock(occupation.readyAt, timeZone)}`
  );
}

/** One clash in staff words: the proposed show, what it overlaps, and the next start that fits. */
export function clashMessage(clash: ScheduleClash, screenName: string, timeZone: string): string {
  return (
    `${formatTheatreTime(clash.proposed.startsAt, timeZone)}: ${occupiedMessage(screenName, clash.with, timeZone)}; ` +
    `the next free start is ${formatTheatreTime(clash.nextFreeStart, timeZone)}`
  );
}
