import type { Booking } from '../bookings/booking.ts';
import type { Admission, CheckIn, NewCheckIn } from './check-in.ts';

/**
 * An admission tried: this one recorded; the booking's earlier admission; or the booking as it now is, no longer
 * admissible (cancelled, refunded: a cancellation got there first). In the last two this scan recorded nothing.
 */
export type AdmitResult =
  /** `seats`: the seats the admission let in, as the admitting write found them (seats given back just before are not). */
  | { admitted: true; checkIn: CheckIn; seats: string[] }
  | { admitted: false; earlier: Admission }
  | { admitted: false; booking: Booking };

/** A show's door count: tickets (seats) admitted against tickets sold (its paid bookings' seats). */
export interface ShowCount { admitted: number; sold: number }

/** The check-in log's port (every store implements it: db/). */
export interface CheckInRepository {
  /**
   * Admits the booking (the lifecycle's `admit`: a guarded write of the booking's own `admittedAt`) and records
   * `entry` (outcome `admitted`) with it, unless the booking has an admission already or is no longer paid: of two
   * scans, or a scan and a cancellation, at once on any instances exactly one applies.
   */
  admit(entry: NewCheckIn & { bookingId: string; outcome: 'admitted' }): Promise<AdmitResult>;
  /** Records a refusal. */
  recordRefusal(entry: NewCheckIn): Promise<CheckIn>;
  /** The booking's check-ins, oldest first. */
  listForBooking(bookingId: string): Promise<CheckIn[]>;
  /** When each of these bookings was admitted (those admitted only). */
  admittedAt(bookingIds: string[]): Promise<Map<string, Date>>;
  /** The show's tickets admitted (its bookings' admittedAt) and sold (its paid bookings' seats). */
  showCount(showId: string): Promise<ShowCount>;
}
