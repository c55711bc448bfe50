import { SEAT_ROWS, seatId, seatPosition, SEATS_PER_ROW } from 'booking-service/hall';

/** The seat an arrow key (or Home/End) moves to from `id`, staying inside the hall (booking-service/hall). */
export function nextSeat(id: string, key: string): string | null {
  const [row, number] = seatPosition(id);
  const last = SEAT_ROWS.length - 1;
  switch (key) {
    case 'ArrowLeft':
      return number > 1 ? seatId(SEAT_ROWS[row]!, number - 1) : null;
    case 'ArrowRight':
      return number < SEATS_PER_ROW ? seatId(SEAT_ROWS[row]!, number + 1) : null;
    case 'ArrowUp':
      return row > 0 ? seatId(SEAT_ROWS[row - 1]!, number) : null;
    case 'ArrowDown':
      return row < last ? seatId(SEAT_ROWS[row + 1]!, number) : null;
    case 'Home':
      return seatId(SEAT_ROWS[row]!, 1);
    case 'End':
      return seatId(SEAT_ROWS[row]!, SEATS_PER_ROW);
    default:
      return null;
  }
}
