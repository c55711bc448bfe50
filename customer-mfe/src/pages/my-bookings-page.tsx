import { Button, PageLayout, useCurrentUser } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { useMyBookings } from '../features/bookings/api/get-my-bookings';
import { BookingsList } from '../features/bookings/components/bookings-list';

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
