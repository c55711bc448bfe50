import type { ReactNode } from 'react';
import { Button, formatPrice, formatTime } from 'shared-ui';
import type { useSeatMap, OwnSeats } from '../hooks/use-seat-map';
import type { SeatAccess } from '../hooks/use-show-seats';
import { policyIfPaidNow } from '../lib/policy-if-paid-now';
import { BestAvailable } from './best-available';
import { CheckoutBar } from './checkout-bar';
import { ScreenSeats } from './screen-seats';

type Props = {
  seats: ReturnType<typeof useSeatMap>;
  own: OwnSeats;
  access: Pick<SeatAccess, 'gatedEvent' | 'preSaleEvent' | 'queueEvent'>;
  /** The seat list was refused because the show's sale changed (useRecheckSale). */
  saleChanged: boolean;
  setSeats: (seats: readonly string[]) => void;
  sales: { currency: string; cancellationCutoffMinutes: number };
  now: number;
  /** The visitor's own holds on this show, above everything else. */
  held: ReactNode;
  /** The way to the waiting room, in place of the seats and the checkout. */
  queue: (eventId: string, showId: string) => ReactNode;
  /** An admitted moviegoer's time left, above the seats. */
  turn: ReactNode;
};

/**
 * The seat page's main column: the chosen show's seats (or the prompt to choose a show time, or the way to its
 * waiting room) with what stands in their way, and the summary with checkout.
 */
export function SeatsSection({ seats, own, access, saleChanged, setSeats, sales, now, held, queue, turn }: Props) {
  const { showId, occupiedQuery, screen, selected, clock, closesAt, salesClosed } = seats;
  const { gatedEvent, preSaleEvent, queueEvent } = access;
  return (
    <section className="c-seats-main" aria-labelledby="seats-title">
      <h2 id="seats-title" className="sr-only">
        Seats
      </h2>
      {/* First, not below the seat map: on a laptop "Resume payment" was under the fold. */}
      {held}
      {showId && saleChanged && !gatedEvent && !preSaleEvent && (
        <p className="c-seats-prompt" role="status">
          This show&apos;s sale has changed: checking its on-sale time…
        </p>
      )}
      {showId && occupiedQuery.isError && !saleChanged && !preSaleEvent && (
        <p className="c-inline-error" role="alert">
          Could not load the taken seats. <Button variant="ghost" onClick={() => void occupiedQuery.refetch()}>Retry</Button>
        </p>
      )}
      {showId === null ? (
        <p className="c-seats-prompt" role="status">
          Choose a show time to see which seats are free.
        </p>
      ) : queueEvent ? (
        queue(queueEvent, showId)
      ) : (
        <>
          {turn}
          {closesAt && (
            <p className={salesClosed ? 'c-inline-error' : 'c-muted'} role="status">
              {salesClosed ? 'Online sales closed for this show.' : `Sales close at ${formatTime(closesAt.toISOString(), clock)}`}
            </p>
          )}
          {!salesClosed && !occupiedQuery.isPending && !gatedEvent && <BestAvailable key={showId} showId={showId} types={screen.types} onSeats={setSeats} />}
          <ScreenSeats
            screen={screen}
            loading={occupiedQuery.isPending}
            currency={sales.currency}
            occupied={seats.occupied}
            mine={own.mine}
            bought={own.bought}
            wheelchair={seats.wheelchair}
            cooling={own.cooldown.seats}
            coolingUntil={own.cooldown.seats.size > 0 ? formatTime(new Date(own.cooldown.until).toISOString(), clock) : null}
            selected={selected}
            onSeat={seats.onSeat}
          />
        </>
      )}
      {/* Not beside the waiting room's notice: "Choose up to 5 seats." and a Proceed that cannot be used. */}
      {!queueEvent && (
        <CheckoutBar
          selected={selected}
          total={screen.breakdown ? formatPrice(screen.breakdown.totalCents / 100, sales.currency) : null}
          breakdown={screen.breakdown?.lines ?? null}
          currency={sales.currency}
          pending={seats.pending}
          salesClosed={salesClosed}
          cancellationPolicy={policyIfPaidNow(seats.chosen, now, sales.cancellationCutoffMinutes, clock)}
          onCheckout={seats.checkout}
        />
      )}
    </section>
  );
}
