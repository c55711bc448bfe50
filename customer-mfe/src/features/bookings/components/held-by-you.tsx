import { Button } from 'shared-ui';
import { formatCountdown, holdRemainingMs } from '../../../lib/hold';
import type { BookingWithTicket } from '../api/get-my-bookings';
import { useReleaseBooking } from '../api/own-booking-actions';

/**
 * The seats this visitor already holds for the chosen show (they went to
 * checkout and came back): the time left, Resume payment and Release seats,
 * with the test card details beside them.
 */
export function HeldByYou({ holds, now }: { holds: BookingWithTicket[]; now: number }) {
  const release = useReleaseBooking();
  return (
    <section className="c-held" aria-labelledby="held-title">
      <div className="c-held__body">
        <h2 id="held-title" className="c-held__title">
          Held by you
        </h2>
        <ul className="c-held__list">
          {holds.map((booking) => (
            <li key={booking._id} className="c-held__item">
              <p>
                Seats <strong>{booking.bookedSeats.join(', ')}</strong> are held for you:{' '}
                <span role="timer" aria-live="off">
                  {formatCountdown(holdRemainingMs(booking.holdExpiresAt, now))}
                </span>{' '}
                left to pay.
              </p>
              <div className="c-held__actions">
                {booking.paymentLink && (
                  <a className="ui-button" href={booking.paymentLink}>
                    Resume payment
                  </a>
                )}
                <Button
                  variant="secondary"
                  onClick={() => release.mutate(booking._id)}
                  disabled={release.isPending}
                  aria-busy={(release.isPending && release.variables === booking._id) || undefined}
                >
                  Release seats
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
