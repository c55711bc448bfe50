import type { BookingRepository } from '../../bookings/booking-repository.ts';
import { toSeatReturn } from './mappers.ts';
import type { Models } from './models.ts';
import { PENDING_SEAT_RETURNS, seatReturnRefundUpdate } from './queries.ts';
import type { BookingDocument } from './schemas.ts';

type Returns = Pick<BookingDocument, '_id' | 'seatReturns'>;

/** Seats given back: the returns on their booking's document (pushed by its guarded update) read and settled. */
export function seatReturnQueries({ Booking: Bookings }: Models): Pick<BookingRepository, 'listSeatReturns' | 'listPendingSeatReturns' | 'recordSeatReturnRefund'> {
  return {
    async listSeatReturns(bookingId) {
      const doc = await Bookings.findOne({ _id: { $eq: bookingId } }, { seatReturns: 1 }).lean<Returns>();
      return (doc?.seatReturns ?? []).map(toSeatReturn);
    },

    async listPendingSeatReturns(limit) {
      if (limit <= 0) return [];
      const docs = await Bookings.find(PENDING_SEAT_RETURNS, { seatReturns: 1 }).lean<Returns[]>();
      const pending = docs.flatMap((doc) => (doc.seatReturns ?? []).filter((r) => r.refundStatus === 'pending').map(toSeatReturn));
      return pending.sort((a, b) => a.returnedAt.getTime() - b.returnedAt.getTime() || a.id.localeCompare(b.id)).slice(0, limit);
    },

    async recordSeatReturnRefund(returnId, outcome) {
      // The positional update names the one return matched, only while it is pending: of two attempts one records.
      const { filter, update } = seatReturnRefundUpdate(returnId, outcome);
      const found = (doc: Returns | null) => doc?.seatReturns?.find((r) => r._id === returnId);
      const changed = found(await Bookings.findOneAndUpdate(filter, update, { returnDocument: 'after', projection: { seatReturns: 1 } }).lean<Returns>());
      if (changed) return { seatReturn: toSeatReturn(changed), changed: true };
      const current = found(await Bookings.findOne({ 'seatReturns._id': { $eq: returnId } }, { seatReturns: 1 }).lean<Returns>());
      return current ? { seatReturn: toSeatReturn(current), changed: false } : null;
    },
  };
}
