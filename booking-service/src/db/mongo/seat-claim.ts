import type { Booking, CreateBookingResult } from '../../bookings/booking.ts';
import { isDuplicateKeyError, isDeadlockError, takenSeats } from './queries.ts';

/** The writes and reads a seat claim needs, so the algorithm can be checked without a server. */
export interface SeatClaimSteps {
  /** Inserts the booking document; the unique (showId, seats) index over live bookings decides. */
  insert(): Promise<Booking>;
  /** Live bookings of the show that hold any of the wanted seats. */
  holders(): Promise<{ _id: string; seats: string[] }[]>;
  /** The booking as stored, by its id. */
  get(): Promise<Booking | null>;
}

/** A refused insert whose blocking booking is gone by the time we look is tried again, this often. */
export const CLAIM_ATTEMPTS = 5;

/** A claim in flight on this instance: its seats, and whether it ended with a booking. */
interface ClaimInFlight {
  seats: ReadonlySet<string>;
  outcome: Promise<boolean>;
}

/**
 * Lets at most one claim at a time write for any given seat of a show on this instance.
 *
 * A unique index on DocumentDB is a PostgreSQL exclusion constraint: an insert that conflicts
 * with one not yet committed waits for it, and two multi-seat inserts can wait for each other
 * until PostgreSQL's deadlock check (1 s) aborts one. In a rush that queues hundreds of inserts
 * behind each other (the 300-way race took seconds). So a claim first waits for the claims in
 * flight here that share a seat with it; if one of them booked, the seats were taken and the
 * claim reads who holds them instead of inserting. The database's unique index still decides
 * (other instances, and seats freed in between); this only keeps one instance's claims from
 * queueing behind each other inside it.
 */
export function createSeatClaimGate() {
  const inFlight = new Map<string, ClaimInFlight[]>();

  return async function gated(showId: string, seats: readonly string[], claim: (takenMeanwhile: boolean) => Promise<CreateBookingResult>): Promise<CreateBookingResult> {
    let takenMeanwhile = false;
    // Checked and registered in one step (no await between), so two claims never both see none.
    for (;;) {
      const overlapping = (inFlight.get(showId) ?? []).filter((claim) => seats.some((seat) => claim.seats.has(seat)));
      if (overlapping.length === 0) break;
      const outcomes = await Promise.all(overlapping.map((claim) => claim.outcome));
      takenMeanwhile ||= outcomes.some(Boolean);
    }
    // It only reads now (and inserts only if the holders are gone again): nothing for others to wait for.
    if (takenMeanwhile) return claim(true);
    let settle!: (booked: boolean) => void;
    const entry: ClaimInFlight = { seats: new Set(seats), outcome: new Promise((resolve) => (settle = resolve)) };
    inFlight.set(showId, [...(inFlight.get(showId) ?? []), entry]);
    let booked = false;
    try {
      const result = await claim(false);
      booked = result.ok;
      return result;
    } finally {
      const rest = (inFlight.get(showId) ?? []).filter((other) => other !== entry);
      if (rest.length > 0) inFlight.set(showId, rest);
      else inFlight.delete(showId);
      settle(booked);
    }
  };
}

/**
 * Books the seats with one insert, which takes every seat or none. The write
 * decides; reads only come after a refusal, to name the seats that were taken
 * (never read-check-then-write). With `readFirst` the first step is to read who
 * holds the seats, and a 409 needs no insert: when a claim on this instance booked
 * one of the seats while this one waited (createSeatClaimGate), or where a refused
 * insert costs far more than a read (DocumentDB); seats found free are still taken
 * by the insert alone. An insert that the database aborted as a deadlock wrote
 * nothing and is tried again.
 */
export async function claimSeats(
  bookingId: string,
  wanted: readonly string[],
  steps: SeatClaimSteps,
  readFirst = false,
): Promise<CreateBookingResult> {
  for (let attempt = 1; ; attempt++) {
    if (!readFirst || attempt > 1) {
      try {
        return { ok: true, booking: await steps.insert() };
      } catch (error) {
        if (isDeadlockError(error) && attempt < CLAIM_ATTEMPTS) continue;
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    const holders = await steps.holders();
    if (holders.some((h) => h._id === bookingId)) {
      // An earlier attempt of this very insert went through (its answer was lost).
      const booking = await steps.get();
      if (booking) return { ok: true, booking };
    }
    const taken = takenSeats(wanted, holders.filter((h) => h._id !== bookingId));
    if (taken.length > 0) return { ok: false, takenSeats: taken };
    // The blocking booking was cancelled in between: its seats may be free now.
    if (attempt >= CLAIM_ATTEMPTS) {
      throw new Error(`Booking ${bookingId} was refused as a duplicate ${attempt} times with no seat holder to name`);
    }
  }
}
