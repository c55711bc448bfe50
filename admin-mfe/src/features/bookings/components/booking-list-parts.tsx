import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking, BookingTotalsJson } from 'booking-service/contract';
import { Button, formatPrice } from 'shared-ui';

/**
 * List Bookings' search (issue 43, item 9): a ticket code, a customer's name or email, or a movie, searched by the
 * service over every booking (not the page in view); Clear shows them all again.
 */
export function BookingSearch({ value, onSearch }: { value: string | undefined; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" className="admin__search" aria-label="Search bookings" onSubmit={submit}>
      <label htmlFor={inputId}>Search</label>
      <input id={inputId} type="search" value={text} maxLength={100} placeholder="Ticket code, customer or movie" onChange={(e) => setText(e.target.value)} />
      <Button type="submit">Search</Button>
      {value && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onSearch(undefined);
          }}
        >
          Clear
        </Button>
      )}
    </form>
  );
}

/**
 * The list's totals over every page, each kind of money on its own: what was paid (and kept), what went back, what is
 * on its way back, and the bookings that never took money. Paid counts what the dashboard's Paid bookings counts.
 */
export function BookingTotals({ totals }: { totals: BookingTotalsJson | undefined }) {
  if (!totals) return null;
  return (
    <dl className="admin__totals" aria-label="Totals of these bookings, every page">
      <div>
        <dt>Paid (the dashboard's Total Bookings)</dt>
        <dd>
          {totals.paid.count} · {formatPrice(totals.paid.amount)}
        </dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd>
          {totals.refunded.count} · {formatPrice(totals.refunded.amount)}
        </dd>
      </div>
      {totals.refundPending.count > 0 && (
        <div>
          <dt>Refund pending</dt>
          <dd>
            {totals.refundPending.count} · {formatPrice(totals.refundPending.amount)}
          </dd>
        </div>
      )}
      <div>
        <dt>Unpaid or cancelled, no charge</dt>
        <dd>{totals.unpaid.count}</dd>
      </div>
    </dl>
  );
}

/** A row's amount as what became of it: paid, refunded, refund pending, or nothing charged. */
export function amountOf(booking: AdminBooking): string {
  if (booking.isPaid) return formatPrice(booking.amount);
  if (booking.refundStatus === 'refunded') return `${formatPrice(booking.amount)} refunded`;
  if (booking.refundStatus) return `${formatPrice(booking.amount)} refund pending`;
  return 'No charge';
}
