import type { Connection } from 'mongoose';
import { COLLECTIONS, type AdmittedBy, type CheckInDocument } from './schemas.ts';

/** The raw documents this migration reads and writes (string ids: the driver's own types assume ObjectIds). */
type BookingFields = { _id: string; admittedAt?: Date | null; admittedBy?: AdmittedBy };
type Admission = Pick<CheckInDocument, '_id' | 'bookingId' | 'at' | 'code' | 'door' | 'staffId' | 'staffName'>;

/** How many bookings one bulk write fills. */
const BATCH = 500;

/**
 * MongoDB's side of PostgreSQL's migration 0018, run at every connect (connectMongo): a booking records its
 * own admission (`admittedAt`, the guard of every cancellation and refund), so bookings written before that get it
 * from the check-in log's admissions (with who admitted them, `admittedBy`), and every other one an explicit null.
 * Nothing to do, and one indexless read, once no booking lacks the field; idempotent, and several instances may run it
 * at once (each write only fills a booking that still lacks the field).
 */
export async function recordAdmissionsOnBookings(connection: Connection): Promise<void> {
  const bookings = connection.collection<BookingFields>(COLLECTIONS.bookings);
  if (!(await bookings.findOne({ admittedAt: { $exists: false } }, { projection: { _id: 1 } }))) return;
  const admissions = connection
    .collection<Admission>(COLLECTIONS.checkIns)
    .find({ outcome: 'admitted' }, { projection: { bookingId: 1, at: 1, code: 1, door: 1, staffId: 1, staffName: 1 } });
  let batch: Parameters<typeof bookings.bulkWrite>[0][number][] = [];
  for await (const entry of admissions) {
    const { bookingId, at, code, door, staffId, staffName } = entry;
    if (!bookingId) continue;
    batch.push({
      updateOne: {
        filter: { _id: bookingId, admittedAt: { $exists: false } },
        update: { $set: { admittedAt: at, admittedBy: { code, door, staffId, staffName } } },
      },
    });
    if (batch.length >= BATCH) {
      await bookings.bulkWrite(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length > 0) await bookings.bulkWrite(batch, { ordered: false });
  // Only now: a booking admitted in the log must not read as "never admitted" in between.
  await bookings.updateMany({ admittedAt: { $exists: false } }, { $set: { admittedAt: null } });
}
