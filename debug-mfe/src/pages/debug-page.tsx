import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, ErrorState, formatPrice, PageLayout, Skeleton, useApi, useCurrentUser } from 'shared-ui';

/** Support staff: the bookings with their payment state. */
export function DebugPage() {
  const user = useCurrentUser();
  const api = useApi();
  const bookings = useQuery({ queryKey: ['debug', 'bookings'], queryFn: () => api.debugBookings(), enabled: user.isAuthenticated, retry: false });
  if (user.isLoading) return <div role="status" aria-label="Loading" />;
  if (!user.isAuthenticated) {
    return <EmptyState title="Support desk" text="Sign in with a support account to look after payments." action={<Button onClick={() => void user.signIn('/debug')}>Sign in</Button>} />;
  }
  if (bookings.isError) {
    const forbidden = (bookings.error as { status?: number }).status === 403;
    return forbidden ? (
      <EmptyState title="Not authorized" text="The support desk is for support staff only." />
    ) : (
      <ErrorState message="Failed to fetch bookings" onRetry={() => void bookings.refetch()} />
    );
  }
  return (
    <PageLayout title="Payment support">
      {bookings.isPending ? (
        <Skeleton height="10rem" />
      ) : (
        <table className="debug-table">
          <caption className="sr-only">All bookings</caption>
          <thead>
            <tr><th scope="col">Booking</th><th scope="col">Movie</th><th scope="col">Amount</th><th scope="col">Seats</th><th scope="col">Created</th><th scope="col">Paid</th></tr>
          </thead>
          <tbody>
            {bookings.data.bookings.map((b) => (
              <tr key={b.id}>
                <td><code>{b.id.slice(0, 8)}</code></td>
                <td>{b.movieTitle}</td>
                <td>{formatPrice(b.amount)}</td>
                <td>{b.seats.join(', ')}</td>
                <td>{new Date(b.createdAt).toLocaleString()}</td>
                <td>{b.isPaid ? 'Paid' : 'Unpaid'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PageLayout>
  );
}
