import type { BookingRepository } from './booking-repository.ts';
import type { Booking } from './booking.ts';
import type { GuardedUpdate } from './booking-state-machine.ts';

type BookingEntered = (to: 'held' | 'paid' | 'expired' | 'cancelled' | 'refunded') => void;

/**
 * Which state a guarded update that changed a booking brought it into, if one worth counting. A hold
 * cancelled once its time was up expired, whichever path got there (the sweeper, the payment session's
 * expiry event); before that, its owner or support released it.
 */
function enteredBy({ guard, changes }: GuardedUpdate, booking: Booking, now: Date): Parameters<BookingEntered>[0] | null {
  if (changes.status === 'paid') return changes.confirmation === 'sample' ? null : 'paid';
  // A paid booking cancelled (its hold ended long ago) was cancelled, not expired.
  if (changes.status === 'cancelled' && guard.status === 'paid') return 'cancelled';
  if (changes.status === 'cancelled') return booking.holdExpiresAt <= now ? 'expired' : 'cancelled';
  if (changes.refundStatus === 'refunded') return 'refunded';
  return null;
}

/**
 * The booking repository, telling `entered` of each transition this instance makes: every hold is a
 * create and every other transition one guarded update, so counting here misses none and counts a
 * transition once, on the instance whose write made it (one that changed nothing is not counted).
 */
export function countingTransitions(bookings: BookingRepository, entered: BookingEntered, now: () => Date): BookingRepository {
  return {
    ...bookings,
    async create(booking, holdCaps) {
      const result = await bookings.create(booking, holdCaps);
      if (result.ok) entered('held');
      return result;
    },
    async updateIf(id, update) {
      const result = await bookings.updateIf(id, update);
      const to = result?.changed ? enteredBy(update, result.booking, now()) : null;
      if (to) entered(to);
      return result;
    },
  };
}
