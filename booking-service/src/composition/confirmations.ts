import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { CheckInRepository } from '../check-in/check-in-repository.ts';
import type { IntegrityMonitor } from '../integrity/integrity-check.ts';

type Journal = IntegrityMonitor['journal'];

/**
 * Every payment this instance confirms passes through the repository's one guarded update (bookings/booking-state-machine.ts):
 * a change into `paid` that this call made is journaled (DATA_DIR, flushed) after its commit and before the
 * caller (checkout, webhook, support, reconciliation) answers anyone. The sample sales of the seed are the store's
 * own and not confirmations of this instance.
 */
export function journalingPayments(bookings: BookingRepository, journal: Journal): BookingRepository {
  return {
    ...bookings,
    async updateIf(id, update) {
      const result = await bookings.updateIf(id, update);
      if (result?.changed && update.changes.status === 'paid') await journal({ bookingId: id, kind: 'paid' });
      return result;
    },
  };
}

/** The door's one admission of a ticket, journaled the same way before the door is told "admitted". */
export function journalingAdmissions(checkIns: CheckInRepository, journal: Journal): CheckInRepository {
  return {
    ...checkIns,
    async admit(entry) {
      const result = await checkIns.admit(entry);
      if (result.admitted) await journal({ bookingId: entry.bookingId, kind: 'admitted' });
      return result;
    },
  };
}
