import { seatShareCents } from '../contract/seat-returns.ts';
import type { ScreenLayout } from '../contract/seats/layout.ts';
import { seatsAmountCents } from '../shows/seat-prices.ts';
import type { BookingWithShow } from './booking.ts';

/**
 * What each seat on the booking would refund if given back now, in cents (contract/seat-returns.ts: its price by seat
 * type, of what was paid). Without the screen's layout every seat weighs the same.
 */
export function seatSharesOf(booking: Pick<BookingWithShow, 'seats' | 'amountCents' | 'show'>, layout: ScreenLayout | undefined): Map<string, number> {
  const prices = booking.seats.map((seat) => [seat, layout ? seatsAmountCents(booking.show, layout, [seat]) : 1] as const);
  return seatShareCents(booking.amountCents, prices);
}
