import { Link } from 'react-router-dom';
import { Button, buttonClass, ErrorState, PageLayout, Skeleton, useCurrentUser } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { useMyBookings } from '../features/bookings/api/get-my-bookings';
import { BookingCard } from '../features/bookings/components/booking-card';
import { useSalesSettings, useTheatreTimeZone } from '../features/config/api/get-public-config';
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

  return (
    <div className="c-stack c-stack--tight">
      {hasHolds && (
        <aside className="c-help" aria-label="Payment help">
          <h2 className="c-help__title">Paid but still see Pay Now?</h2>
          <p>
            Payment status syncs automatically within 30 seconds. Press Check payment on the booking to ask the payment provider
            now. Still stuck? <Link to="/payment-help">Payment help</Link> explains what happens to your money and seats.
          </p>
        </aside>
      )}
      {bookings.isPending ? (
        <div role="status" aria-label="Loading bookings" className="c-stack">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height="11rem" />
          ))}
        </div>
      ) : bookings.isError ? (
        <ErrorState message={bookings.error.message} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.bookings.length === 0 ? (
        <div className="ui-state">
          <h2 className="ui-state__title">{MESSAGES.noBookings}</h2>
          <p className="ui-state__text">Pick a movie and a seat; your tickets will be here.</p>
          <Link className={buttonClass()} to="/movies">
            Browse Movies
          </Link>
        </div>
      ) : (
        <ul className="c-bookings" aria-label="Bookings">
          {bookings.data.bookings.map((booking) => (
            <li key={booking._id}>
              <BookingCard booking={booking} now={now} timeZone={timeZone} currency={currency} cancellationCutoffMinutes={cancellationCutoffMinutes} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
