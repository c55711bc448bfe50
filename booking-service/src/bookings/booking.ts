import type { ShowWithMovie } from '../shows/show.ts';
import type { User } from '../identity/user.ts';

/** A booking as the platform stores it. Its states and how they change: booking-state-machine.ts. */

/** Every state of a booking (the database refuses any other: db/schema.ts, db/mongo/schemas.ts). */
export const BOOKING_STATUSES = ['held', 'paid', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A payment that arrived for a cancelled booking whose seats were taken again:
 * pending (to refund, or retrying), refunded, or failed (the provider refused; support acts).
 */
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * The e-ticket of a paid booking: queued (in the outbox, written with the change that paid the
 * booking, or by the confirmation sweep), or sample (the seed's demo sales: no customer, no email
 * by design). Null: none queued yet, which for a paid booking the confirmation sweep repairs.
 */
export const CONFIRMATION_STATES = ['queued', 'sample'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

export interface Booking {
  id: string;
  userId: string;
  showId: string;
  /** The seats the booking holds now: those given back (returnedSeats) are no longer on it. */
  seats: string[];
  /** What the booking's seats now cost: the amount paid less every refund of seats given back (returnedCents). */
  amountCents: number;
  status: BookingStatus;
  isPaid: boolean;
  paymentLink: string | null;
  paymentSessionId: string | null;
  /** The provider's record of the payment (Stripe PaymentIntent id), once paid. */
  paymentIntentId: string | null;
  holdExpiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
  /** Short unguessable code printed on the e-ticket (and in its QR code). */
  ticketCode: string;
  refundStatus: RefundStatus | null;
  /** Why the payment is refunded, and what happened (for support). */
  refundReason: string | null;
  refundId: string | null;
  confirmation: ConfirmationState | null;
  /**
   * When the ticket was admitted at the door (the lifecycle's `admit`): for good, and the guard every cancellation
   * and refund checks, so a booking has one fate. Null: not admitted.
   */
  admittedAt: Date | null;
  /**
   * When the booking was cancelled: a paid one by its owner or its show's cancellation (`cancelPaid`), a hold released
   * or lapsed (`cancelHold`); null while it is not cancelled, or for a hold cancelled before this was recorded.
   */
  cancelledAt: Date | null;
  /** Seats its owner gave back while the booking stayed valid for the rest (seat-returns: one record each time), oldest first. */
  returnedSeats: string[];
  /** What those seats were refunded, in all (taken off amountCents when each was given back). */
  returnedCents: number;
}

/**
 * Seats of a paid booking given back by its owner: the record written in the same write that took them off
 * the booking, and what became of their refund (pending until the provider takes it; retried by the reconciliation).
 */
export interface SeatReturn {
  id: string;
  bookingId: string;
  seats: string[];
  /** Their refund: their price by seat type, of what was paid. */
  amountCents: number;
  /** Who gave them back (the owner's account id). */
  returnedBy: string;
  returnedAt: Date;
  refundStatus: RefundStatus;
  refundId: string | null;
  /** What happened to the refund, for support. */
  refundReason: string;
}

export interface BookingWithShow extends Booking { show: ShowWithMovie }

export interface BookingWithDetails extends BookingWithShow { user: User }

export interface NewBooking {
  id: string;
  userId: string;
  showId: string;
  seats: string[];
  amountCents: number;
  holdExpiresAt: Date;
  /** Where the customer pays; the payment session's url is attached once the provider answers. */
  paymentLink: string | null;
  createdAt: Date;
  ticketCode: string;
}

/** Either the booking with its seats reserved, or the seats someone else holds. */
export type CreateBookingResult =
  | { ok: true; booking: Booking }
  /** Not stored: seats others hold (`takenSeats`), or the account's hold caps were reached (`holdCapReached`, no seat taken). */
  | { ok: false; takenSeats: string[]; holdCapReached?: boolean };

export interface BookingFilter {
  bookingId?: string;
  movieId?: string;
  /** Show date in the theatre's time zone, as [start, end) instants. */
  showsBetween?: { from: Date; to: Date };
  isPaid?: boolean;
  userId?: string;
  /** Only bookings in one of these states (support's Unpaid list leaves cancelled ones out). */
  statuses?: BookingStatus[];
  /** The code printed on the e-ticket, as the customer quotes it. */
  ticketCode?: string;
  /** The customer's email, whatever its case. */
  customerEmail?: string;
  /** Part of the customer's name, whatever its case (support's search). */
  customerName?: string;
  /** Only the bookings of this show (a show's cancellation works through them). */
  showId?: string;
  /**
   * Staff's search (List Bookings): part of the ticket code, the customer's name or email, or the movie's title,
   * whatever its case.
   */
  search?: string;
  /** Only bookings of shows on these screens (one cinema's). */
  screenIds?: string[];
}

/**
 * A filtered list's bookings by what became of their money, amounts in cents: paid (kept), refunded, refund still
 * to make (pending, or failed: support acts), unpaid (held, or cancelled with nothing charged).
 */
export interface BookingTotals {
  paid: { count: number; amountCents: number };
  refunded: { count: number; amountCents: number };
  refundPending: { count: number; amountCents: number };
  unpaid: { count: number };
}

/** Folds counts and sums by (isPaid, refundStatus) into BookingTotals: each store groups, this decides the meaning once. */
export function foldTotals(groups: { isPaid: boolean; refundStatus: RefundStatus | null; count: number; amountCents: number }[]): BookingTotals {
  const totals: BookingTotals = { paid: { count: 0, amountCents: 0 }, refunded: { count: 0, amountCents: 0 }, refundPending: { count: 0, amountCents: 0 }, unpaid: { count: 0 } };
  for (const group of groups) {
    const into = group.isPaid ? totals.paid : group.refundStatus === 'refunded' ? totals.refunded : group.refundStatus ? totals.refundPending : null;
    if (into) {
      into.count += group.count;
      into.amountCents += group.amountCents;
    } else totals.unpaid.count += group.count;
  }
  return totals;
}

/** Paid bookings and their revenue, for the admin dashboard. */
export interface SalesSummary { paidBookings: number; revenueCents: number }
