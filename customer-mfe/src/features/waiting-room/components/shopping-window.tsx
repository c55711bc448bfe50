import { formatCountdown } from '../../../lib/hold';

/** On the seat page, an admitted moviegoer's time left to book (their turn's window ends at `endsAt`). */
export function ShoppingWindow({ endsAt, now }: { endsAt: string; now: number }) {
  return (
    <p className="c-shopping-window" role="timer" aria-label="Your shopping time left">
      Your turn: {formatCountdown(Math.max(0, Date.parse(endsAt) - now))} left to book
    </p>
  );
}
