import type { Booking } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';

/**
 * A show whose sales the integrity checks stopped (seats in two live bookings): no payment is taken for its
 * bookings until support settles them, and nothing is released by itself (support decides who keeps a seat).
 * composition/services.ts binds it to the integrity monitor, which sits above payments.
 */
export interface SalesStop {
  /** The answer (503) to a payment for a booking of this show when its sales are stopped; null while it sells. */
  refusal(showId: string): string | null;
  /** A payment recorded anyway on a stopped show (the provider's hosted page took it): support settles it. */
  paidWhileStopped(booking: Booking): void;
}

export const NO_SALES_STOP: SalesStop = { refusal: () => null, paidWhileStopped: () => {} };

/** Refused: the booking's show has its sales stopped. The message is the sale gate's 503. */
export class SalesStoppedError extends Error {}

export function refuseIfSalesStopped(ctx: Pick<PaymentContext, 'salesStop'>, showId: string): void {
  const refusal = ctx.salesStop.refusal(showId);
  if (refusal) throw new SalesStoppedError(refusal);
}

/** After a payment was recorded: one taken on a stopped show is reported for support to settle. */
export function reportIfSalesStopped(ctx: Pick<PaymentContext, 'salesStop' | 'log'>, booking: Booking): void {
  if (!ctx.salesStop.refusal(booking.showId)) return;
  ctx.log.warn(
    { bookingId: booking.id, ticketCode: booking.ticketCode, showId: booking.showId, seats: booking.seats },
    "payment recorded for a booking of a show whose sales are stopped (seats sold twice): support settles it (GET /api/debug/integrity)",
  );
  ctx.salesStop.paidWhileStopped(booking);
}
