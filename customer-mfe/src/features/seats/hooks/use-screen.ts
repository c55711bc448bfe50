import { useMemo } from 'react';
import { priceBreakdownCents } from 'booking-service/layout';
import { layoutOf, pricesOf, type SeatsAnswer, type ShowTime } from '../../../lib/places';
import { seatGrid } from '../lib/seat-layout';

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
