import { useMemo } from 'react';
import { DEFAULT_LAYOUT, layoutProblem, priceBreakdownCents, type ScreenLayout, type SeatPrices } from 'booking-service/layout';
import type { SeatsAnswer, ShowTime } from '../../../lib/places';
import { seatGrid } from '../lib/seat-layout';

/** The show's own layout, or the spec's hall when the answer has none (or one that cannot be drawn). */
function layoutOf(answer: SeatsAnswer | undefined): ScreenLayout {
  const layout = answer?.layout;
  return layout && Array.isArray(layout.rows) && layoutProblem(layout) === null ? layout : DEFAULT_LAYOUT;
}

/** The show's prices by seat type: the seats answer's, else the show time's, else the one price for every seat. */
function pricesOf(answer: SeatsAnswer | undefined, time: ShowTime | null): SeatPrices | null {
  const prices = answer?.seatPrices ?? time?.seatPrices;
  if (prices && typeof prices.standard === 'number') return prices;
  return time ? { standard: time.price } : null;
}

/**
 * The chosen show's screen as the seat page uses it: its layout and grid (the spec hall when the service names
 * none), the seat types on it, its prices by type (showPrice alone from an older service), the chosen seats
 * priced by type, and where it is (cinema and screen, when the service says).
 */
export function useScreen(answer: SeatsAnswer | undefined, time: ShowTime | null, selected: readonly string[]) {
  const layout = layoutOf(answer);
  const grid = useMemo(() => seatGrid(layout), [layout]);
  const types = useMemo(() => new Set([...grid.seats.values()].map((seat) => seat.type)), [grid]);
  const prices = pricesOf(answer, time);
  const inLayout = selected.filter((seat) => grid.seats.has(seat));
  const breakdown = prices ? priceBreakdownCents(layout, prices, inLayout) : null;
  return { layout, grid, types, prices, breakdown, cinema: answer?.cinema ?? null, screen: answer?.screen ?? null };
}
