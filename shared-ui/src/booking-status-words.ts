import { bookingStatusText, type BookingStateFacts, type BookingStatusText } from 'booking-service/booking-status';
import { formatPrice, formatShowTime } from './format';

/**
 * A booking's one status text (booking-service/booking-status, issue 53) with its amount and date told as every page
 * tells them: money in the service's currency, times on the show's cinema's clock. My Bookings' card, the e-ticket and
 * support's rows say a booking's state through this, so a refunded booking reads "Paid $25.00; cancelled on …" on each.
 * Apart from format.ts so a page that shows only the label (the shell's first visit) carries none of the sentences.
 */
export function bookingStatusWords(booking: BookingStateFacts, clock: { timeZone: string | undefined; currency?: string }): BookingStatusText {
  return bookingStatusText(booking, { money: (units) => formatPrice(units, clock.currency), time: (iso) => formatShowTime(iso, clock.timeZone) });
}
