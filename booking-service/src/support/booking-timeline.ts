import type { BookingWithDetails, SeatReturn } from '../bookings/booking.ts';
import type { CheckIn } from '../check-in/check-in.ts';
import type { TimelineEntryJson, TimelineKind } from '../contract/booking-timeline.ts';
import type { OutboxMessage } from '../email/outbox.ts';
import type { SupportAction } from './support-actions.ts';

/**
 * One history per booking for support: every record the service keeps about a booking, turned
 * into entries by one small function per source (timeline-sources.ts) and put in order here.
 */

/** Everything the sources read, gathered once per request (support/routes.ts). */
export interface TimelineFacts {
  booking: BookingWithDetails;
  scans: CheckIn[];
  actions: SupportAction[];
  messages: OutboxMessage[];
  /** Seats given back from the paid booking (partial cancellations), oldest first. */
  returns: SeatReturn[];
  /** The show's cinema's clock: every time a detail names is on it. */
  timeZone: string;
  currency: string;
}

export interface TimelineEntry {
  kind: TimelineKind;
  /** When it happened; null when no store keeps the moment (then `after` places it). */
  at: Date | null;
  /**
   * What it followed: an entry is never listed before this moment. Places an entry without a time, and one whose
   * recorded time can precede its cause (an e-ticket is stamped as it is queued, just before the payment's write).
   */
  after?: Date;
  title: string;
  detail: string;
  by: string | null;
}

/** One source of a booking's history: the entries its records give (none when it has nothing to say). */
export type TimelineSource = (facts: TimelineFacts) => TimelineEntry[];

/** The booking's history, oldest first; entries of the same moment keep their sources' order. */
export function bookingTimeline(facts: TimelineFacts, sources: readonly TimelineSource[]): TimelineEntry[] {
  const entries = sources.flatMap((source) => source(facts));
  const placed = entries.map((entry, index) => ({ entry, index, time: placeOf(entry, facts.booking.createdAt) }));
  return placed.sort((a, b) => a.time - b.time || a.index - b.index).map(({ entry }) => entry);
}

/** Where an entry goes: its time, or what it followed when that is later (or when it has no time). */
function placeOf(entry: TimelineEntry, fallback: Date): number {
  const times = [entry.at, entry.after].filter((time): time is Date => time instanceof Date).map((time) => time.getTime());
  return times.length ? Math.max(...times) : fallback.getTime();
}

export function timelineEntryJson(entry: TimelineEntry): TimelineEntryJson {
  return { kind: entry.kind, at: entry.at?.toISOString() ?? null, title: entry.title, detail: entry.detail, by: entry.by };
}
