import type { Model } from 'mongoose';
import type { Confirmation, IntegrityRepository } from '../../store/types.ts';
import type { Models } from './models.ts';
import type { BookingDocument } from './schemas.ts';

/**
 * MongoDB's confirmation log: a counter document numbers each confirmed payment and admission
 * (`$inc`), and a collection keeps them by number (`_id` is the number: unique). A restore of an older dump
 * (mongorestore --drop) takes both back, so the numbers an instance remembers are missing or name other bookings.
 *
 * FerretDB has no multi-document transactions: the entry is written right after the booking's paid write (or
 * the admission's insert), by the instance that made it, before it answers. A crash between the two leaves that
 * one confirmation unnumbered (not journaled either: its caller was never answered).
 */
const LOG = 'confirmation_log';
const COUNTER = 'confirmation_counter';

interface LogDocument { _id: number; kind: Confirmation['kind']; bookingId: string; ticketCode: string; at: Date }

export function confirmationLog(models: Models): Pick<IntegrityRepository, 'confirmed' | 'confirmationsAt'> {
  const db = (models.Booking as Model<BookingDocument>).db;
  const log = db.collection<LogDocument>(LOG);
  const counter = db.collection<{ _id: string; seq: number }>(COUNTER);

  /** The entries with their bookings' shows and seats (where the database still has the booking). */
  async function withSeats(entries: LogDocument[]): Promise<Confirmation[]> {
    const ids = [...new Set(entries.map((entry) => entry.bookingId))];
    const bookings = await models.Booking.find({ _id: { $in: ids } }, { showId: 1, seats: 1 }).lean<Pick<BookingDocument, '_id' | 'showId' | 'seats'>[]>();
    const byId = new Map(bookings.map((booking) => [booking._id, booking]));
    return entries.map(({ _id, kind, bookingId, ticketCode }) => {
      const booking = byId.get(bookingId);
      return { seq: _id, kind, bookingId, ticketCode, ...(booking && { showId: booking.showId, seats: booking.seats }) };
    });
  }

  return {
    async confirmed(bookingId, kind) {
      const booking = await models.Booking.findOne({ _id: { $eq: bookingId } }, { ticketCode: 1 }).lean<Pick<BookingDocument, 'ticketCode'>>();
      if (!booking) return null;
      const numbered = await counter.findOneAndUpdate({ _id: 'confirmations' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
      const entry: LogDocument = { _id: numbered!.seq, kind, bookingId, ticketCode: booking.ticketCode, at: new Date() };
      await log.insertOne(entry);
      return (await withSeats([entry]))[0]!;
    },

    async confirmationsAt(seqs, bookingIds) {
      const [newest] = await log.find({}).sort({ _id: -1 }).limit(1).toArray();
      const found = seqs.length + bookingIds.length === 0 ? [] : await log.find({ $or: [{ _id: { $in: seqs } }, { bookingId: { $in: bookingIds } }] }).toArray();
      const [shown, ...rest] = await withSeats([...(newest ? [newest] : []), ...found]);
      return newest ? { newest: shown!, found: rest } : { newest: null, found: shown ? [shown, ...rest] : [] };
    },
  };
}
