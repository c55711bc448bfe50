import type { Booking } from 'booking-service/contract';
import { Link } from 'react-router-dom';
import { buttonClass, ErrorState, Skeleton } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';
import { useSalesSettings, useTheatreTimeZone } from '../../../lib/public-config';
import { useNow } from '../../../lib/use-now';
import type { useMyBookings } from '../api/get-my-bookings';
import { groupBookings } from '../lib/booking-groups';
import { BookingCard } from './booking-card';
import { PaymentHelpNote } from './payment-help-note';

/** My Bookings' list: upcoming tickets first, past and cancelled ones folded away; holds count down each second. */
export function BookingsList({ bookings }: { bookings: ReturnType<typeof useMyBookings> }) {
  const { timeZone } = useTheatreTimeZone();
  const { currency, cancellationCutoffMinutes } = useSalesSettings();
  const hasHolds = bookings.data?.bookings.some((b) => !b.isPaid && b.status !== 'cancelled') ?? false;
  const now = useNow(hasHolds);
  const card = (booking: Booking) => (
    <li key={booking._id}>
      <BookingCard booking={booking} now={now} timeZone={timeZone} currency={currency} cancellationCutoffMinutes={cancellationCutoffMinutes} />
    </li>
  );

  if (bookings.isPending) {
    return (
      <div role="status" aria-label="Loading bookings" className="c-stack">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height="11rem" />
        ))}
      </div>
    );
  }
  if (bookings.isError) return <ErrorState message={bookings.error.message} onRetry={() => void bookings.refetch()} />;
  if (bookings.data.bookings.length === 0) {
    return (
      <div className="ui-state">
        <h2 className="ui-state__title">{MESSAGES.noBookings}</h2>
        <p className="ui-state__text">Pick a movie and a seat; your tickets will be here.</p>
        <Link className={buttonClass()} to="/movies">
          Browse Movies
        </Link>
      </div>
    );
  }
  const { current, earlier } = groupBookings(bookings.data.bookings, now);
  return (
    <div className="c-stack c-stack--tight">
      {hasHolds && <PaymentHelpNote />}
      {current.length > 0 ? (
        <ul className="c-bookings" aria-label="Upcoming bookings">
          {current.map(card)}
        </ul>
      ) : (
        <p className="c-muted">No upcoming tickets.</p>
      )}
      {earlier.length > 0 && (
        <details className="c-earlier">
          <summary>Past and cancelled bookings ({earlier.length})</summary>
          <ul className="c-bookings" aria-label="Past and cancelled bookings">
            {earlier.map(card)}
          </ul>
        </details>
      )}
    </div>
  );
}
