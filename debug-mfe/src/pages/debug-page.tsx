import { useEffect } from 'react';
import { Button, EmptyState, ErrorState, notify, PageLayout, Skeleton } from 'shared-ui';
import { useDebugBookings, useUnpaidBookings } from '../features/bookings/api/debug-bookings';
import { BookingsTable } from '../features/bookings/components/bookings-table';
import { RefundsTable } from '../features/bookings/components/refunds-table';
import { OutboxList } from '../features/outbox/components/outbox-list';
import { LiveReleases } from '../features/releases/components/live-releases';
import { isForbidden, SupportGate } from '../features/support/support-gate';

/** Spec §8: a list that cannot be fetched says so in a toast (a missing role has its own message instead). */
function useFailureToast(error: Error | null, message: string) {
  useEffect(() => {
    if (error && !isForbidden(error)) notify.error(message);
  }, [error, message]);
}

function Panels() {
  const all = useDebugBookings();
  const unpaid = useUnpaidBookings();
  useFailureToast(all.error, 'Failed to fetch bookings');
  useFailureToast(unpaid.error, 'Failed to fetch unpaid bookings');

  if (isForbidden(all.error) || isForbidden(unpaid.error)) {
    return <EmptyState title="Not authorized" text="The support desk is for support staff only." />;
  }
  return (
    <PageLayout
      title="Payment support"
      actions={
        <Button variant="secondary" onClick={() => void Promise.all([all.refetch(), unpaid.refetch()])}>
          Refresh
        </Button>
      }
    >
      <section aria-labelledby="unpaid-heading">
        <h2 id="unpaid-heading" className="debug__section-title">
          Unpaid bookings
        </h2>
        {unpaid.isPending ? (
          <Skeleton height="6rem" />
        ) : unpaid.isError ? (
          <ErrorState message="Failed to fetch unpaid bookings" onRetry={() => void unpaid.refetch()} />
        ) : unpaid.data.unpaidBookings.length === 0 ? (
          <EmptyState title="No unpaid bookings" text="Every booking is paid." />
        ) : (
          <BookingsTable bookings={unpaid.data.unpaidBookings} caption="Unpaid bookings" />
        )}
      </section>
      <section aria-labelledby="all-heading">
        <h2 id="all-heading" className="debug__section-title">
          All bookings
        </h2>
        {all.isPending ? (
          <Skeleton height="10rem" />
        ) : all.isError ? (
          <ErrorState message="Failed to fetch bookings" onRetry={() => void all.refetch()} />
        ) : (
          <BookingsTable bookings={all.data.bookings} caption="All bookings" />
        )}
      </section>
      <section aria-labelledby="refunds-heading">
        <h2 id="refunds-heading" className="debug__section-title">
          Refunds
        </h2>
        {all.data ? <RefundsTable bookings={all.data.bookings} /> : <Skeleton height="4rem" />}
      </section>
      <section aria-labelledby="releases-heading">
        <h2 id="releases-heading" className="debug__section-title">
          Live releases
        </h2>
        <LiveReleases />
      </section>
      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="debug__section-title">
          Outbox
        </h2>
        <OutboxList />
      </section>
    </PageLayout>
  );
}

/** Support staff: stuck payments, emails, refunds. */
export function DebugPage() {
  return (
    <SupportGate>
      <Panels />
    </SupportGate>
  );
}
