import { useId } from 'react';
import { Button, formatPrice } from 'shared-ui';
import { MAX_SEATS_PER_BOOKING, sortSeats } from 'booking-service/hall';
import { SEAT_TYPE_LABELS, type priceBreakdownCents } from 'booking-service/layout';

/**
 * The seat page's summary and checkout: the chosen seats and their total, with what each seat type costs when
 * the seats are not all standard (`breakdown`), Proceed to Checkout and the cancellation policy beside it. It sticks to the
 * bottom of the screen on a phone and a laptop alike: the seats, the total and Proceed always in reach (on a laptop they
 * were below the fold once seats were picked).
 */
export function CheckoutBar({
  selected,
  total,
  breakdown = null,
  currency = 'USD',
  pending,
  salesClosed,
  cancellationPolicy,
  onCheckout,
}: {
  selected: readonly string[];
  total: string | null;
  breakdown?: ReturnType<typeof priceBreakdownCents>['lines'] | null;
  currency?: string;
  pending: boolean;
  salesClosed: boolean;
  /** The cancellation policy in short (contract/cancellation.ts), stated before paying. */
  cancellationPolicy?: string;
  onCheckout: () => void;
}) {
  const summaryId = useId();
  const mixed = breakdown !== null && breakdown.some((line) => line.type !== 'standard');
  return (
    <div className="c-checkout" role="region" aria-label="Your selection">
      <p aria-live="polite" className="c-checkout__summary" id={summaryId}>
        {selected.length === 0
          ? `Choose up to ${MAX_SEATS_PER_BOOKING} seats.`
          : `${selected.length} ${selected.length === 1 ? 'seat' : 'seats'} · ${total}: ${sortSeats(selected).join(', ')}`}
      </p>
      {mixed && selected.length > 0 && (
        <ul className="c-checkout__breakdown" aria-label="Price by seat type">
          {breakdown.map((line) => (
            <li key={line.type}>
              {line.seats.length} × {SEAT_TYPE_LABELS[line.type]} at {formatPrice(line.unitCents / 100, currency)}: {formatPrice(line.cents / 100, currency)}
            </li>
          ))}
        </ul>
      )}
      {/* Usable once there is something to check out (it answered an empty click with a pop-up). */}
      <Button onClick={onCheckout} aria-busy={pending || undefined} disabled={salesClosed || selected.length === 0} aria-describedby={summaryId}>
        {pending ? 'Holding your seats…' : 'Proceed to Checkout'}
      </Button>
      {cancellationPolicy && <p className="c-checkout__policy">{cancellationPolicy}</p>}
    </div>
  );
}
