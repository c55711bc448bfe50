import type { ScreenLayout } from 'booking-service/layout';
import { seatClickHandler } from '../lib/seat-click';
import { useWheelchairCheck } from './use-wheelchair-check';

/**
 * What a tap on a seat does on the seat page (seat-click.ts), with the wheelchair space's question and its
 * companion seat's offer (use-wheelchair-check.ts) over the same selection.
 */
export function useSeatClicks({
  showId,
  layout,
  selected,
  occupied,
  mine,
  bought,
  cooling,
  setSeats,
}: {
  showId: string | null;
  layout: ScreenLayout;
  selected: readonly string[];
  occupied: ReadonlySet<string>;
  mine: ReadonlySet<string>;
  bought: ReadonlySet<string>;
  cooling: ReadonlySet<string>;
  setSeats: (seats: readonly string[]) => void;
}) {
  const unavailable = (seat: string) => occupied.has(seat) || mine.has(seat) || bought.has(seat) || cooling.has(seat);
  const wheelchair = useWheelchairCheck({ layout, selected, unavailable, setSeats });
  const onSeat = seatClickHandler({ showId, layout, selected, mine, bought, cooling, occupied, setSeats, onWheelchairChosen: wheelchair.onWheelchairChosen });
  return { onSeat, wheelchair };
}
