import type { Booking, CreateBookingResult } from '../../bookings/booking.ts';
import { isDuplicateKeyError, takenSeats } from './queries.ts';

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

/**
 * Books the seats with one insert, which takes every seat or none. The write
 * decides; reads only come after a refusal, to name the seats that were taken
 * (never read-check-then-write).
 */
export async function claimSeats(bookingId: string, wanted: readonly string[], steps: SeatClaimSteps): Promise<CreateBookingResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, booking: await steps.insert() };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
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
