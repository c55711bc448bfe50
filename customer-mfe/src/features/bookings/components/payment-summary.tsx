import type { VerifyPaymentResponse } from 'booking-service/contract';
import { formatPrice, formatShowTime } from 'shared-ui';
import { CinemaPlace } from '../../../components/cinema-place';
import type { BookingWithTicket } from '../api/get-my-bookings';

/**
 * What was paid for: movie, show time (on the cinema's clock when the moviegoer's own booking, `own`, names the
 * cinema), the place, the seats and the amount.
 */
export function PaymentSummary({
  booking,
  own,
  timeZone,
  currency,
}: {
  booking: VerifyPaymentResponse['booking'];
  own: BookingWithTicket | undefined;
  timeZone: string | undefined;
  currency: string;
}) {
  return (
    <dl className="c-payment__summary">
      <div>
        <dt>Movie</dt>
        <dd>{booking.movieTitle}</dd>
      </div>
      {booking.showDateTime && (
        <div>
          <dt>Show time</dt>
          <dd>
            <time dateTime={booking.showDateTime}>{formatShowTime(booking.showDateTime, own?.show.cinema?.timeZone ?? timeZone)}</time>
          </dd>
        </div>
      )}
      {own && <CinemaPlace cinema={own.show.cinema} screen={own.show.screen} as="dl-items" />}
      <div>
        <dt>Seats</dt>
        <dd>{booking.seats.join(', ')}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatPrice(booking.amount, currency)}</dd>
      </div>
    </dl>
  );
}
