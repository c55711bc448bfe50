import { MAX_SEATS_PER_BOOKING, TOO_MANY_SEATS_MESSAGE } from 'booking-service/hall';
import { seatTypes, type ScreenLayout } from 'booking-service/layout';
import { notify } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';
import { toggleInLayout } from './seat-layout';

const layoutSeatType = (layout: ScreenLayout, seat: string) => seatTypes(layout).get(seat);

/**
 * What a click on a seat does: says why it cannot be chosen (no time chosen, held or bought by the visitor, cooling down,
 * taken, a sixth seat, a companion seat alone: the spec's and the service's words), or changes the selection by
 * the screen's rule (a wheelchair space let go with its companion seat), telling the page when a wheelchair space
 * was added.
 */
export function seatClickHandler({
  showId,
  layout,
  selected,
  mine,
  bought,
  cooling,
  occupied,
  setSeats,
  onWheelchairChosen,
}: {
  showId: string | null;
  layout: ScreenLayout;
  selected: readonly string[];
  mine: ReadonlySet<string>;
  bought: ReadonlySet<string>;
  cooling: ReadonlySet<string>;
  occupied: ReadonlySet<string>;
  setSeats: (seats: readonly string[]) => void;
  /** A wheelchair space was just added to the selection (the seat page then asks whether it is needed). */
  onWheelchairChosen?: (space: string, seats: readonly string[]) => void;
}) {
  return (seat: string) => {
    if (!showId) return void notify.error(MESSAGES.selectTimeFirst);
    if (mine.has(seat)) return void notify(MESSAGES.heldByYou, { id: 'held-by-you' });
    if (bought.has(seat)) return void notify(MESSAGES.bookedByYou, { id: 'booked-by-you' });
    if (cooling.has(seat)) return void notify(MESSAGES.coolingDown, { id: 'cooling' });
    if (occupied.has(seat)) return void notify.error(MESSAGES.seatBooked);
    if (!selected.includes(seat) && selected.length >= MAX_SEATS_PER_BOOKING) return void notify.error(TOO_MANY_SEATS_MESSAGE);
    const next = toggleInLayout(layout, selected, seat);
    if ('problem' in next) return void notify.error(next.problem, { id: 'companion-seat' });
    setSeats(next.seats);
    const added = !selected.includes(seat);
    if (added && layoutSeatType(layout, seat) === 'wheelchair') onWheelchairChosen?.(seat, next.seats);
  };
}
