import type { Booking } from 'booking-service/contract';
import { Link } from 'react-router-dom';
import { Button, buttonClass, ErrorState, PageLayout, Skeleton, useCurrentUser } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { useMyBookings } from '../features/bookings/api/get-my-bookings';
import { BookingCard } from '../features/bookings/components/booking-card';
import { groupBookings } from '../features/bookings/lib/booking-groups';
import { useSalesSettings, useTheatreTimeZone } from '../lib/public-config';
import { MESSAGES } from '../lib/constants';
import { useNow } from '../lib/use-now';

export function MyBookingsPage() {
  const user = useCurrentUser();
  const bookings = useMyBookings(user.isAuthenticated);
  return (
    <PageLayout
      title="My Bookings"
      actions={
        user.isAuthenticated ? (
          <Button variant="secondary" onClick={() => void bookings.refetch()} aria-busy={bookings.isFetching || undefined}>
            {bookings.isFetching && !bookings.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        ) : undefined
      }
    >
      <SignInGate title="Sign in to see your bookings" text="Your tickets and payments are kept with your account.">
        <BookingsList bookings={bookings} />
      </SignInGate>
    </PageLayout>
  );
}

function BookingsList({ bookings }: { bookings: ReturnType<typeof useMyBookings> }) {
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
      {hasHolds && <PaymentHelp />}
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

/** While seats are held: one line to open, not a 380 px box above the tickets on every visit. */
function PaymentHelp() {
  return (
    <aside aria-label="Payment help">
      <details className="c-help">
        <summary className="c-help__title">Paid but still see Pay Now?</summary>
        <p>
          Payment status syncs automatically within 30 seconds. Press Check payment on the booking to ask the payment provider now.
          Still stuck? <Link to="/payment-help">Payment help</Link> explains what happens to your money and seats.
        </p>
      </details>
    </aside>
  );
}
