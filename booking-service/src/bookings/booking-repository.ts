import type { Booking, BookingFilter, BookingTotals, BookingWithDetails, BookingWithShow, CreateBookingResult, NewBooking, RefundStatus, SalesSummary, SeatReturn } from './booking.ts';
import type { HoldPolicy } from '../contract/seats/hold-caps.ts';
import type { BookingGuard, GuardedUpdate, GuardedUpdateResult } from './booking-state-machine.ts';

export type HoldCaps = Pick<HoldPolicy, 'maxHeldSeatsPerShow' | 'maxHeldSeats'>;

export interface Page<T> { items: T[]; total: number }

/** What bookings need of a store (every store implements it: db/). */
export interface BookingRepository {
  /**
   * Atomically reserves every seat and records the booking, or reserves nothing. With `holdCaps`, also
   * refuses it when the account would hold more unpaid seats than they allow, counted in the same step
   * under a lock per account, so concurrent holds on several instances cannot pass together (PGlite and
   * PostgreSQL; MongoDB leaves it to the service's check, per instance).
   */
  create(booking: NewBooking, holdCaps?: HoldCaps): Promise<CreateBookingResult>;
  get(id: string): Promise<Booking | null>;
  getWithDetails(id: string): Promise<BookingWithDetails | null>;
  /** The booking with this ticket code (exact, as stored: upper case), by its unique index; one read. */
  getByTicketCode(ticketCode: string): Promise<BookingWithDetails | null>;
  findByPaymentSession(sessionId: string): Promise<Booking | null>;
  listForUser(userId: string): Promise<BookingWithShow[]>;
  /** The account's bookings without their shows (what the hold policy weighs), newest first. */
  listOwn(userId: string): Promise<Booking[]>;
  list(filter: BookingFilter, page: { offset: number; limit: number }): Promise<Page<BookingWithDetails>>;
  salesSummary(): Promise<SalesSummary>;
  /** The bookings `list` would give for this filter, over every page, totalled by what became of their money. */
  totals(filter: BookingFilter): Promise<BookingTotals>;

  /**
   * The one way a booking changes after it is created: applies the changes and the seat effect in
   * one atomic write if the stored booking still matches the guard (bookings/booking-state-machine.ts declares
   * every such update). `changed` says whether this call made the change; a retake that finds a
   * seat in another booking changes nothing and names the taken seats. Null when unknown.
   */
  updateIf(id: string, update: GuardedUpdate): Promise<GuardedUpdateResult | null>;
  /** Bookings matching the guard, oldest first by the given instant (the id breaks ties). */
  listMatching(guard: BookingGuard, oldestFirstBy: 'holdExpiresAt' | 'createdAt', limit: number): Promise<Booking[]>;
  /**
   * Paid bookings recorded as having their e-ticket queued whose message of `kind` is in neither the
   * outbox nor waiting on the booking: the outbox lost it (damage). Oldest first.
   */
  listWithLostMessage(kind: string, limit: number): Promise<Booking[]>;

  /** The seats its owner gave back from this booking, each return once, oldest first (written by the 'return' seat effect). */
  listSeatReturns(bookingId: string): Promise<SeatReturn[]>;
  /** Returns whose refund is still to make, oldest first: the reconciliation retries them. */
  listPendingSeatReturns(limit: number): Promise<SeatReturn[]>;
  /** A pending return's refund outcome, only while it is pending (`changed`: this call recorded it). Null when unknown. */
  recordSeatReturnRefund(
    returnId: string,
    outcome: { status: RefundStatus; refundId?: string | null; reason: string },
  ): Promise<{ seatReturn: SeatReturn; changed: boolean } | null>;
}
