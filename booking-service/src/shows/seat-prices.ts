import { toUnits } from '../contract/money.ts';
import { layoutSeats, priceBreakdownCents, type ScreenLayout, type SeatPrices } from '../contract/seats/layout.ts';
import type { ShowRepository } from './show-repository.ts';
import type { Show } from './show.ts';

/** A show's price of each seat type in currency units (the contract's SeatPrices: standard is the spec's showPrice). */
export function seatPricesOf(show: Pick<Show, 'priceCents' | 'seatPriceCents'>): SeatPrices {
  const prices: SeatPrices = { standard: toUnits(show.priceCents) };
  for (const [type, cents] of Object.entries(show.seatPriceCents)) {
    if (cents !== undefined) prices[type as keyof typeof show.seatPriceCents] = toUnits(cents);
  }
  return prices;
}

/** What these seats of the show cost together, each by its type on the show's screen, in exact cents. */
export function seatsAmountCents(show: Pick<Show, 'priceCents' | 'seatPriceCents'>, layout: ScreenLayout, seats: readonly string[]): number {
  return priceBreakdownCents(layout, seatPricesOf(show), seats).totalCents;
}

/** The seats of these shows together, each counted on its own screen's layout (an unknown show counts none). */
export async function seatsOfShows(
  showIds: readonly string[],
  shows: Pick<ShowRepository, 'get'>,
  layoutOf: (screenId: string) => ScreenLayout,
): Promise<number> {
  const found = await Promise.all(showIds.map((id) => shows.get(id)));
  return found.reduce((sum, show) => sum + (show ? layoutSeats(layoutOf(show.screenId)).length : 0), 0);
}
