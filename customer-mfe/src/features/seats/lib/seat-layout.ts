/** The auditorium of spec §2/§9: rows A–J of 9 seats; A and B on top, then the pairs C/D, E/F, G/H, I/J. */
export const SEAT_ROWS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export const SEATS_PER_ROW = 9;
export const SEAT_BLOCKS: readonly (readonly string[])[] = [['A', 'B'], ['C', 'D'], ['E', 'F'], ['G', 'H'], ['I', 'J']];

export function seatId(row: string, number: number): string {
  return `${row}${number}`;
}

/** Row index and seat number of "C7" -> [2, 7]. */
export function seatPosition(id: string): [number, number] {
  return [SEAT_ROWS.indexOf(id.charAt(0) as (typeof SEAT_ROWS)[number]), Number(id.slice(1))];
}

/** The seat an arrow key (or Home/End) moves to from `id`, staying inside the auditorium. */
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

/** Seats in reading order: A1, A2 … J9. */
export function sortSeats(seats: Iterable<string>): string[] {
  return [...seats].sort((a, b) => {
    const [ra, na] = seatPosition(a);
    const [rb, nb] = seatPosition(b);
    return ra - rb || na - nb;
  });
}
