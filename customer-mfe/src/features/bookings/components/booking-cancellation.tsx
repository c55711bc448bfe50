import { useId, useState } from 'react';
import { Button, formatPrice, formatShowTime } from 'shared-ui';
import { cancellationRefusal } from 'booking-service/cancellation';
import type { BookingWithTicket } from '../api/get-my-bookings';
import { useCancelBooking } from '../api/own-booking-actions';

/** What a booking card's self-service controls (cancel the booking, give back some seats) are given. */
export interface SelfServiceProps {
  booking: BookingWithTicket;
  now: number;
  /** The show's cinema's clock. */
  timeZone: string | undefined;
  currency: string;
  /** The service's CANCELLATION_CUTOFF_MINUTES (/api/config). */
  cutoffMinutes: number;
}

/**
 * A paid booking's self-service cancellation: Cancel booking, then a confirmation naming the refund, while the
 * policy allows it (the same rule the service applies: contract/cancellation.ts); otherwise why not, in place
 * of the button. A refusal the service gives (the page was open past the cutoff) is shown the same way.
 */
export function BookingCancellation({ booking, now, timeZone, currency, cutoffMinutes }: SelfServiceProps) {
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const refusal =
    cancellationRefusal({
      startsAt: new Date(booking.show.showDateTime),
      now: new Date(now),
      cutoffMinutes,
      admitted: Boolean(booking.admittedAt),
      formatTime: (instant) => formatShowTime(instant.toISOString(), timeZone),
    }) ?? (cancel.isError ? cancel.error.message : null);

  if (refusal) return <p className="c-booking__no-cancel">{refusal}</p>;
  if (!confirming) {
    return (
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        Cancel booking
      </Button>
    );
  }
  return (
    <div className="c-booking__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>Cancel this booking? {formatPrice(booking.amount, currency)} is refunded to your card and the seats are released.</p>
      <div className="c-booking__help">
        <Button onClick={() => cancel.mutate(booking._id)} aria-busy={cancel.isPending || undefined} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel and refund'}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
          Keep booking
        </Button>
      </div>
    </div>
  );
}
