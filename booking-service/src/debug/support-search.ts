import type { BookingFilter } from '../bookings/booking.ts';
import { isTicketCode } from '../bookings/ticket-code.ts';
import { UuidPattern, type SupportView } from '../contract/schemas.ts';

export const SEARCH_HELP = "Search by a customer's email or name, a ticket code (10 characters) or a booking id";

/** A person's name as typed: letters, with spaces, hyphens, apostrophes or dots between; no digits (a mistyped code is not a name). */
const NAME = /^\p{L}[\p{L}\p{M}' .-]*\p{L}\.?$/u;

/**
 * What support typed, as the booking filter it means: a booking id (a UUID), a ticket code (10
 * characters, any case: customers read it from the e-ticket), a customer's email (has an @) or part of a
 * customer's name (letters, any case).
 * Null when it is none of them, so the route says so rather than search for nothing.
 */
export function searchFilter(text: string): BookingFilter | null {
  const term = text.trim();
  if (new RegExp(UuidPattern, 'i').test(term)) return { bookingId: term.toLowerCase() };
  if (isTicketCode(term.toUpperCase())) return { ticketCode: term.toUpperCase() };
  if (/^[^\s@]+@[^\s@]+$/.test(term)) return { customerEmail: term };
  if (NAME.test(term)) return { customerName: term.replace(/\s+/g, ' ') };
  return null;
}

/** Which bookings a view lists. Unpaid leaves cancelled ones out: those have their own view. */
export function viewFilter(view: SupportView): BookingFilter {
  switch (view) {
    case 'unpaid':
      return { isPaid: false, statuses: ['held'] };
    case 'cancelled':
      return { statuses: ['cancelled'] };
    case 'paid':
      return { isPaid: true };
    case 'all':
      return {};
  }
}
