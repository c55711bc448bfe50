import type { BookingFilter } from '../bookings/booking.ts';
import { SUPPORT_SEARCH_KINDS, type SupportView } from '../contract/schemas.ts';

/** Each kind of search as the query's schema states it (contract/schemas.ts), the whole term. */
const whole = (pattern: string) => new RegExp(`^(${pattern})$`, 'u');
const BOOKING_ID = whole(SUPPORT_SEARCH_KINDS.bookingId);
const TICKET_CODE = whole(SUPPORT_SEARCH_KINDS.ticketCode);
const EMAIL = whole(SUPPORT_SEARCH_KINDS.email);
const NAME = whole(SUPPORT_SEARCH_KINDS.name);

/**
 * What support typed, as the booking filter it means: a booking id (a UUID), a ticket code (10
 * characters, any case: customers read it from the e-ticket), a customer's email (has an @) or part of a
 * customer's name (letters, any case).
 * Null when it is none of them, so the route says so rather than search for nothing.
 */
export function searchFilter(text: string): BookingFilter | null {
  const term = text.trim();
  if (BOOKING_ID.test(term)) return { bookingId: term.toLowerCase() };
  if (TICKET_CODE.test(term)) return { ticketCode: term.toUpperCase() };
  if (EMAIL.test(term)) return { customerEmail: term };
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
