/**
 * A ticket scanned at a door, and what the door was told: the check-in log (kept for good, every
 * admission and refusal). A booking is admitted once: the stores hold at most one `admitted` entry per
 * booking (PostgreSQL: a partial unique index; MongoDB: the entry's _id), so two doors racing on two
 * instances get one admission.
 */
export const CHECK_IN_OUTCOMES = [
  'admitted',
  'already-admitted',
  'not-paid',
  'cancelled',
  'refunded',
  'another-cinema',
  'another-day',
  'too-early',
  'too-late',
  'unknown-ticket',
] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** The outcomes that turn the ticket holder away. */
export type Refusal = Exclude<CheckInOutcome, 'admitted'>;

export interface CheckIn {
  id: string;
  /** Null when the code matched no booking (`unknown-ticket`). */
  bookingId: string | null;
  /** The ticket code as scanned (upper case, without the QR's prefix), at most 64 characters. */
  code: string;
  door: string;
  /** The staff member's token subject and name, as the service verified them. */
  staffId: string;
  staffName: string;
  outcome: CheckInOutcome;
  at: Date;
}

export type NewCheckIn = Omit<CheckIn, 'id'>;

/** A booking's admission, as a later scan and the moviegoer's bookings read it. */
export type Admission = Pick<CheckIn, 'bookingId' | 'door' | 'staffName' | 'at'>;
