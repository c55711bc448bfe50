import { randomUUID } from 'node:crypto';
import type { CheckIn } from '../../check-in/check-in.ts';
import type { CheckInRepository } from '../../check-in/check-in-repository.ts';
import type { Models } from './models.ts';
import { isDuplicateKeyError } from './queries.ts';
import type { BookingDocument, CheckInDocument } from './schemas.ts';

/** An admission's _id: one per booking, so the _id index admits a booking once (see checkInSchema). */
const admissionId = (bookingId: string) => `admitted:${bookingId}`;

function toCheckIn({ _id, ...fields }: CheckInDocument): CheckIn {
  return { id: _id, ...fields };
}

export function createCheckInRepository({ CheckIn: CheckIns, Booking: Bookings }: Models): CheckInRepository {
  return {
    async admit(entry) {
      try {
        // One insert: a second admission of the booking, from any instance, is refused by the _id's uniqueness.
        const saved = await new CheckIns({ _id: admissionId(entry.bookingId), ...entry }).save();
        return { admitted: true, checkIn: toCheckIn(saved.toObject<CheckInDocument>()) };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const earlier = await CheckIns.findById(admissionId(entry.bookingId)).lean<CheckInDocument>();
      if (!earlier) throw new Error(`Check-in of booking ${entry.bookingId} conflicted with an admission that is not there`);
      return { admitted: false, earlier: toCheckIn(earlier) };
    },

    async recordRefusal(entry) {
      const saved = await new CheckIns({ _id: randomUUID(), ...entry }).save();
      return toCheckIn(saved.toObject<CheckInDocument>());
    },

    async listForBooking(bookingId) {
      // A booking has a handful of scans: sorted here, as support actions are.
      const docs = await CheckIns.find({ bookingId: { $eq: bookingId } }).lean<CheckInDocument[]>();
      return docs.map(toCheckIn).sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
    },

    async admittedAt(bookingIds) {
      if (bookingIds.length === 0) return new Map();
      const docs = await CheckIns.find({ _id: { $in: bookingIds.map(admissionId) } }, { bookingId: 1, at: 1 }).lean<Pick<CheckInDocument, 'bookingId' | 'at'>[]>();
      return new Map(docs.map((doc) => [doc.bookingId!, doc.at]));
    },

    async showCount(showId) {
      // A show has at most a hall's worth of bookings: its bookings, then which of them have an admission.
      const shown = await Bookings.find({ showId: { $eq: showId } }, { seats: 1, status: 1 }).lean<Pick<BookingDocument, '_id' | 'seats' | 'status'>[]>();
      const admissions = await CheckIns.find({ _id: { $in: shown.map((b) => admissionId(b._id)) } }, { bookingId: 1 }).lean<Pick<CheckInDocument, 'bookingId'>[]>();
      const admittedIds = new Set(admissions.map((doc) => doc.bookingId));
      const seatsOf = (list: typeof shown) => list.reduce((sum, b) => sum + b.seats.length, 0);
      return { admitted: seatsOf(shown.filter((b) => admittedIds.has(b._id))), sold: seatsOf(shown.filter((b) => b.status === 'paid')) };
    },
  };
}
