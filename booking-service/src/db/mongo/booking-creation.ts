import type { BookingRepository } from '../../bookings/booking-repository.ts';
import type { Booking, CreateBookingResult } from '../../bookings/booking.ts';
import { bookingDocument, toBooking } from './mappers.ts';
import type { Models } from './models.ts';
import { liveHoldersOfSeats } from './queries.ts';
import type { BookingDocument, ShowDocument } from './schemas.ts';
import { claimSeats, createSeatClaimGate } from './seat-claim.ts';

/** How many shows and users a creator remembers having seen (then it starts again). */
const KEEP_AT_MOST = 10_000;

/**
 * Creating a booking: its show and user checked (each remembered once seen), then one insert that takes every
 * seat or none (seat-claim.ts). `readBeforeInsert`: see MongoBookingRepositoryOptions.
 */
export function bookingCreation(
  { Booking: Bookings, Show: Shows, User: Users }: Pick<Models, 'Booking' | 'Show' | 'User'>,
  { readBeforeInsert, get }: { readBeforeInsert: boolean; get: (id: string) => Promise<Booking | null> },
): BookingRepository['create'] {
  const seatClaims = createSeatClaimGate();
  // Shows never change once added, and neither shows nor users are ever deleted: what a booking
  // checked once is kept, so a rush of bookings asks the server only for what decides (the insert).
  const showsSeen = new Map<string, ShowDocument>();
  const usersSeen = new Set<string>();

  async function showOf(showId: string): Promise<ShowDocument | null> {
    const seen = showsSeen.get(showId);
    if (seen) return seen;
    const show = await Shows.findOne({ _id: { $eq: showId } }).lean<ShowDocument>();
    if (show) {
      if (showsSeen.size >= KEEP_AT_MOST) showsSeen.clear();
      showsSeen.set(showId, show);
    }
    return show;
  }

  async function userExists(userId: string): Promise<boolean> {
    if (usersSeen.has(userId)) return true;
    if (!(await Users.exists({ _id: { $eq: userId } }))) return false;
    if (usersSeen.size >= KEEP_AT_MOST) usersSeen.clear();
    usersSeen.add(userId);
    return true;
  }

  return async (booking): Promise<CreateBookingResult> => {
    // The show's movie and instant never change, so the booking keeps a copy for the admin filters.
    const [show, userKnown] = await Promise.all([showOf(booking.showId), userExists(booking.userId)]);
    if (!show) throw new Error(`Cannot create booking ${booking.id}: show ${booking.showId} does not exist`);
    if (!userKnown) throw new Error(`Cannot create booking ${booking.id}: user ${booking.userId} does not exist`);
    const document = bookingDocument(booking, show);
    const steps = {
      // One document, one insert: the unique index on (showId, seats) over live bookings
      // takes every seat or none, whatever the concurrency and the number of instances.
      insert: async () => toBooking((await new Bookings(document).save()).toObject<BookingDocument>()),
      holders: () =>
        Bookings.find(liveHoldersOfSeats(booking.showId, booking.seats), { seats: 1 }).lean<Pick<BookingDocument, '_id' | 'seats'>[]>(),
      get: () => get(booking.id),
    };
    return seatClaims(booking.showId, booking.seats, (takenMeanwhile) =>
      claimSeats(booking.id, booking.seats, steps, takenMeanwhile || readBeforeInsert),
    );
  };
}
