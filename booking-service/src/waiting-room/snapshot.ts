import type { EventPulse, OnSaleEvent, WaitingRoomRepository } from './waiting-room-repository.ts';

/** A stored event no page can show (its on-sale time cannot be read): reported to staff, its shows closed. */
export interface UnreadableEvent {
  event: OnSaleEvent;
  problem: string;
}

/** The events as one instance last read them (at most once a second, whoever asks). */
export interface Snapshot {
  readAt: number;
  /** The events that can be shown and sold. */
  events: OnSaleEvent[];
  byShow: Map<string, OnSaleEvent>;
  pulses: Map<string, EventPulse>;
  unreadable: UnreadableEvent[];
  /** The shows of unreadable events: not sold until staff cancel the event (nobody knows when they open). */
  closedShows: Map<string, UnreadableEvent>;
}

/**
 * Why a stored event cannot be shown, or null. An on-sale time before year 1 or after 9999 has no RFC 3339
 * form, and an unreadable one none at all: written before the create checked its input (year 0 was stored as
 * 1 BC), each made every movie page and on-sale list a 500 (`RangeError: Invalid time value`).
 */
function unreadableProblem(event: OnSaleEvent): string | null {
  if (Number.isNaN(event.onSaleAt.getTime())) return 'Its stored on-sale time cannot be read as a date';
  const year = event.onSaleAt.getUTCFullYear();
  if (year < 1 || year > 9999) return `Its stored on-sale time is in the year ${year}, outside 1-9999`;
  return null;
}

/** Reads the events and each one's pulse; an unreadable event is set apart and given to `report`, never thrown. */
export async function readSnapshot(repository: WaitingRoomRepository, at: Date, report: (found: UnreadableEvent) => void): Promise<Snapshot> {
  const events: OnSaleEvent[] = [];
  const unreadable: UnreadableEvent[] = [];
  for (const event of await repository.events()) {
    const problem = unreadableProblem(event);
    if (problem === null) events.push(event);
    else unreadable.push({ event, problem });
  }
  unreadable.forEach(report);
  const pulses = new Map<string, EventPulse>();
  // Every event's (a past sale keeps being read: seats return; before one, support may act on its pre-queue).
  for (const event of events) pulses.set(event.id, await repository.pulse(event.id, at));
  const byShow = new Map(events.flatMap((event) => event.showIds.map((showId) => [showId, event] as const)));
  const closedShows = new Map(unreadable.flatMap((found) => found.event.showIds.map((showId) => [showId, found] as const)));
  return { readAt: at.getTime(), events, byShow, pulses, unreadable, closedShows };
}
