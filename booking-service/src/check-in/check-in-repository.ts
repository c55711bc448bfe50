import type { Admission, CheckIn, NewCheckIn } from './check-in.ts';

/** An admission tried: this one recorded, or the booking's earlier admission (this scan recorded nothing). */
export type AdmitResult = { admitted: true; checkIn: CheckIn } | { admitted: false; earlier: Admission };

/** A show's door count: tickets (seats) admitted against tickets sold (its paid bookings' seats). */
export interface ShowCount { admitted: number; sold: number }

/** The check-in log's port (every store implements it: db/). */
export interface CheckInRepository {
  /**
   * Records `entry` (outcome `admitted`) unless its booking has an admission already: one atomic write, so
   * of two scans at once on any instances exactly one is admitted.
   */
  admit(entry: NewCheckIn & { bookingId: string; outcome: 'admitted' }): Promise<AdmitResult>;
  /** Records a refusal. */
  recordRefusal(entry: NewCheckIn): Promise<CheckIn>;
  /** The booking's check-ins, oldest first. */
  listForBooking(bookingId: string): Promise<CheckIn[]>;
  /** When each of these bookings was admitted (those admitted only). */
  admittedAt(bookingIds: string[]): Promise<Map<string, Date>>;
  /** The show's tickets admitted (its bookings with an admission) and sold (its paid bookings' seats). */
  showCount(showId: string): Promise<ShowCount>;
}
