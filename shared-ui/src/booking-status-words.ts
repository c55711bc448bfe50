import { bookingStatusText, type BookingStateFacts, type BookingStatusText } from 'booking-service/booking-status';
import { formatPrice, formatShowTime } from './format';

/**
 * A booking's one status text (booking-service/booking-status) with its amount and date told as every page
 * tells them: money in the service's currency, times on the show's cinema's clock. My Bookings' card, the e-ticket and
 * support's rows say a booking's state through this, so a refunded booking reads "Paid $25.00; cancelled on …" on each.
 * Its own entry (shared-ui/booking-status-words), not the root: the root is shared with the shell's first visit, which
 * carries none of the sentences (not tree-shaken: Module Federation shares the whole module).
 */
export function bookingStatusWords(booking: BookingStateFacts, clock: { timeZone: string | undefined; currency?: string }): BookingStatusText {
  return bookingStatusText(booking, { money: (units) => formatPrice(units, clock.currency), time: (iso) => formatShowTime(iso, clock.timeZone) });
}
