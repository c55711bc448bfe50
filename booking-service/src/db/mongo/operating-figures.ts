import type { OperatingFigures } from '../../store/types.ts';
import type { Models } from './models.ts';

/** The metrics' figures on MongoDB: unpaid holds by bookings_unpaid_idx, unsent emails; no pool to report. */
export function createOperatingFigures({ Booking: Bookings, Outbox }: Models): OperatingFigures {
  return {
    async liveHeldSeats(now) {
      const [row] = await Bookings.aggregate<{ seats: number }>([
        { $match: { isPaid: false, holdExpiresAt: { $gt: now }, status: 'held' } },
        { $group: { _id: null, seats: { $sum: { $size: '$seats' } } } },
      ]);
      return row?.seats ?? 0;
    },
    outboxBacklog: () => Outbox.countDocuments({ sentAt: null, nextAttemptAt: { $ne: null } }),
    poolUse: () => null,
    // MongoDB's lock waits and change streams are the server's own figures (its serverStatus), not this service's.
    serverWaits: async () => null,
  };
}
