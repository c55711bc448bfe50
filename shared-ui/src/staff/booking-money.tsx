import type { BookingTotalsJson } from 'booking-service/contract';
import { formatPrice } from 'shared-ui';

/** What became of a booking's money, as staff's lists read it: List Bookings' and support's search say the same. */

type RefundState = 'pending' | 'refunded' | 'failed' | null;

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

/** A row's amount as what became of it: paid, refunded, refund pending, or nothing charged (List Bookings and support's rows). */
export function amountOf(booking: { isPaid: boolean; refundStatus?: RefundState; amount: number }): string {
  if (booking.isPaid) return formatPrice(booking.amount);
  if (booking.refundStatus === 'refunded') return `${formatPrice(booking.amount)} refunded`;
  if (booking.refundStatus) return `${formatPrice(booking.amount)} refund pending`;
  return 'No charge';
}
