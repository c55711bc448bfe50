import { randomUUID } from 'node:crypto';
import type { SupportAction, SupportActionRepository } from '../../support/support-actions.ts';
import type { Models } from './models.ts';
import type { SupportActionDocument } from './schemas.ts';

function toSupportAction({ _id, ...fields }: SupportActionDocument): SupportAction {
  return { id: _id, ...fields };
}

export function createSupportActionRepository({ SupportAction: Actions, Booking: Bookings }: Models): SupportActionRepository {
  return {
    async record(action) {
      // As the PostgreSQL foreign key does: an action is about a stored booking.
      if (!(await Bookings.exists({ _id: { $eq: action.bookingId } }))) {
        throw new Error(`Cannot record support action: booking ${action.bookingId} does not exist`);
      }
      const saved = await new Actions({ _id: randomUUID(), ...action, createdAt: new Date() }).save();
      return toSupportAction(saved.toObject<SupportActionDocument>());
    },

    async listForBooking(bookingId) {
      // A booking has a handful of actions: sorted here (a sorted query costs more on DocumentDB, see newestFirst).
      const docs = await Actions.find({ bookingId: { $eq: bookingId } }).lean<SupportActionDocument[]>();
      return docs.map(toSupportAction).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    },
  };
}
