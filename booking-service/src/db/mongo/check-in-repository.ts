import { randomUUID } from 'node:crypto';
import { transitions } from '../../bookings/booking-state-machine.ts';
import type { CheckIn, NewCheckIn } from '../../check-in/check-in.ts';
import type { CheckInRepository } from '../../check-in/check-in-repository.ts';
import { toBooking } from './mappers.ts';
import type { Models } from './models.ts';
import { guardedBookingUpdate, isDuplicateKeyError, type Filter } from './queries.ts';
import type { AdmittedBy, BookingDocument, CheckInDocument } from './schemas.ts';

/** An admission's _id: one per booking, so the _id index admits a booking once (see checkInSchema). */
const admissionId = (bookingId: string) => `admitted:${bookingId}`;

function toCheckIn({ _id, ...fields }: CheckInDocument): CheckIn {
  return { id: _id, ...fields };
}

export function createCheckInRepository({ CheckIn: CheckIns, Booking: Bookings }: Models): CheckInRepository {
  /**
   * The log's entry of a booking's admission, written once whoever writes it (the admitting scan, or a later one
   * finding it missing): the _id `admitted:<bookingId>` makes a second insert a duplicate, answered with the first.
   */
  async function logAdmission(entry: NewCheckIn & { bookingId: string }): Promise<CheckIn> {
    try {
      const saved = await new CheckIns({ _id: admissionId(entry.bookingId), ...entry, outcome: 'admitted' }).save();
      return toCheckIn(saved.toObject<CheckInDocument>());
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const logged = await CheckIns.findById(admissionId(entry.bookingId)).lean<CheckInDocument>();
    if (!logged) throw new Error(`The admission of booking ${entry.bookingId} conflicted with an entry that is not there`);
    return toCheckIn(logged);
  }

  return {
    async admit(entry) {
      // The booking document's conditional write decides (the lifecycle's admit, guarded as every cancellation and
      // refund is on admittedAt: null), with who admitted it; the log's entry follows, idempotently.
      const { filter, update } = guardedBookingUpdate(entry.bookingId, transitions.admit({ at: entry.at }));
      const admittedBy: AdmittedBy = { code: entry.code, door: entry.door, staffId: entry.staffId, staffName: entry.staffName };
      (update.$set as Filter).admittedBy = admittedBy;
      const won = await Bookings.findOneAndUpdate(filter, update, { returnDocument: 'after', runValidators: true }).lean<BookingDocument>();
      if (won) return { admitted: true, checkIn: await logAdmission(entry), seats: [...won.seats] };
      const current = await Bookings.findOne({ _id: { $eq: entry.bookingId } }).lean<BookingDocument>();
      if (!current) throw new Error(`Check-in of unknown booking ${entry.bookingId}`);
      if (!current.admittedAt) return { admitted: false, booking: toBooking(current) };
      const logged = await CheckIns.findById(admissionId(entry.bookingId)).lean<CheckInDocument>();
      if (logged) return { admitted: false, earlier: toCheckIn(logged) };
      // Admitted, its entry not logged yet (the admitting scan between its writes, or stopped there): logged from the booking.
      if (!current.admittedBy) throw new Error(`Booking ${entry.bookingId} is admitted without its admission in the check-in log`);
      const earlier = await logAdmission({ ...current.admittedBy, bookingId: entry.bookingId, outcome: 'admitted', at: current.admittedAt });
      return { admitted: false, earlier };
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
      // A show has at most a hall's worth of bookings; each records its own admission (admittedAt).
      const shown = await Bookings.find({ showId: { $eq: showId } }, { seats: 1, status: 1, admittedAt: 1 }).lean<Pick<BookingDocument, '_id' | 'seats' | 'status' | 'admittedAt'>[]>();
      const seatsOf = (list: typeof shown) => list.reduce((sum, b) => sum + b.seats.length, 0);
      return { admitted: seatsOf(shown.filter((b) => b.admittedAt)), sold: seatsOf(shown.filter((b) => b.status === 'paid')) };
    },
  };
}
