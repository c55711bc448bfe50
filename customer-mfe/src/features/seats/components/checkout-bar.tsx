import { Button } from 'shared-ui';
import { MAX_SEATS_PER_BOOKING, sortSeats } from 'booking-service/hall';

/**
 * The seat page's summary and checkout: the chosen seats and their total, and Proceed to Checkout. On a phone
 * this bar sticks to the bottom of the screen: the seats, the total and Continue always in reach.
 */
export function CheckoutBar({
  selected,
  total,
  pending,
  salesClosed,
  onCheckout,
}: {
  selected: readonly string[];
  total: string | null;
  pending: boolean;
  salesClosed: boolean;
  onCheckout: () => void;
}) {
  return (
    <div className="c-checkout" role="region" aria-label="Your selection">
      <p aria-live="polite" className="c-checkout__summary">
        {selected.length === 0
          ? `Choose up to ${MAX_SEATS_PER_BOOKING} seats.`
          : `${selected.length} ${selected.length === 1 ? 'seat' : 'seats'} · ${total}: ${sortSeats(selected).join(', ')}`}
      </p>
      <Button onClick={onCheckout} aria-busy={pending || undefined} disabled={salesClosed}>
        {pending ? 'Holding your seats…' : 'Proceed to Checkout'}
      </Button>
    </div>
  );
}
