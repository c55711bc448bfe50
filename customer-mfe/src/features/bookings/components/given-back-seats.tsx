import { formatPrice, formatShowTime } from 'shared-ui';
import { seatsGivenBackText } from 'booking-service/seat-returns';
import type { BookingWithTicket } from '../api/get-my-bookings';

/**
 * The seats a moviegoer gave back from this booking, one line per return: "Seats A3, H1 given back ·
 * $28.00 refunded · Sun, Dec 7, 9:12 PM" (or the refund on its way), on the show's cinema's clock.
 */
export function GivenBackSeats({ booking, timeZone, currency }: { booking: BookingWithTicket; timeZone: string | undefined; currency: string }) {
  const returns = booking.seatReturns ?? [];
  if (returns.length === 0) return null;
  return (
    <ul className="c-booking__returns">
      {returns.map((given) => (
        <li key={given.returnedAt + given.seats.join()}>
          {seatsGivenBackText(given.seats, formatPrice(given.amount, currency), given.refundStatus, formatShowTime(given.returnedAt, timeZone))}
        </li>
      ))}
    </ul>
  );
}
