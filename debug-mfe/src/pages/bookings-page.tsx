import { useEffect, useState, type FormEvent } from 'react';
import type { SupportView } from 'booking-service/contract';
import { Button, notify, PageLayout } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { BookingTotals, countOf, StaffListStates, useTheatreTimeZone } from 'shared-ui/staff';
import { useSupportBookings } from '../features/bookings/api/debug-bookings';
import { BookingsTable } from '../features/bookings/components/bookings-table';
import { supportQuery, VIEW_LABELS } from '../features/bookings/lib/support-query';

/** Spec §8: a list that cannot be fetched says so in a toast. */
function useFailureToast(error: Error | null, message: string) {
  useEffect(() => {
    if (error) notify.error(message, { id: message });
  }, [error, message]);
}

/** Support's bookings: search by email, name, ticket code or booking id, a view, pages; the URL keeps them. */
export function BookingsPage() {
  const [params, changeParams] = useComposedSearchParams();
  const query = supportQuery(params);
  const bookings = useSupportBookings(query);
  const timeZone = useTheatreTimeZone();
  const [search, setSearch] = useState(query.q ?? '');
  useFailureToast(bookings.error, 'Failed to fetch bookings');
  const page = Number(query.page);
  const total = bookings.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / Number(query.pageSize)));

  const go = (change: { q?: string; view?: SupportView; page?: number }) => {
    changeParams((current) => {
      const next = { q: current.get('q') ?? undefined, view: current.get('view') ?? undefined, page: undefined as string | undefined, ...change, ...(change.page ? { page: String(change.page) } : {}) };
      return new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]) && entry[1] !== '1'));
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() || undefined });
  };

  return (
    <PageLayout
      title="Payment support"
      actions={
        <Button variant="secondary" onClick={() => void bookings.refetch()}>
          Refresh
        </Button>
      }
    >
      <form className="debug__search" role="search" aria-label="Find bookings" onSubmit={submit}>
        <label className="debug__search-field">
          Search
          <input type="search" value={search} placeholder="Email, name, ticket code or booking id" onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          Show
          <select value={query.view} onChange={(e) => go({ view: e.target.value as SupportView })}>
            {(Object.entries(VIEW_LABELS) as [SupportView, string][]).map(([view, label]) => (
              <option key={view} value={view}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Search</Button>
      </form>
      <StaffListStates
        query={bookings}
        loadingLabel="Loading bookings"
        skeletonHeight="10rem"
        errorMessage={(error) => error.message || 'Failed to fetch bookings'}
        empty={{ rows: (data) => data.bookings, title: 'No bookings found', text: query.q ? `No ${VIEW_LABELS[query.view].toLowerCase()} booking matches “${query.q}”.` : 'No booking in this view.' }}
      >
        {(data) => (
          <>
            <BookingTotals totals={data.totals} />
            <BookingsTable bookings={data.bookings} caption={VIEW_LABELS[query.view]} timeZone={timeZone} />
            <nav className="debug__pager" aria-label="Pages">
              <Button variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages} · {countOf(total, 'booking')}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                Next
              </Button>
            </nav>
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
