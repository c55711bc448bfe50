/** Spec §9: rows A–J, 9 seats a row, at most 5 seats per booking. */
export const SEAT_ROWS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export const SEATS_PER_ROW = 9;
export const MAX_SEATS_PER_BOOKING = 5;
export const SEAT_ID_PATTERN = '^[A-J][1-9]$';

const seatId = new RegExp(SEAT_ID_PATTERN);

export function isSeatId(value: string): boolean {
  return seatId.test(value);
}

/** Every seat of the hall in row order: A1..A9, B1..J9. */
export const ALL_SEATS: readonly string[] = SEAT_ROWS.flatMap((row) =>
  Array.from({ length: SEATS_PER_ROW }, (_, i) => `${row}${i + 1}`),
);

/** The reason a seat selection is refused, or null when it is acceptable. */
export function seatSelectionProblem(seats: readonly string[]): string | null {
  if (seats.length === 0) return 'Please select at least one seat';
  if (seats.length > MAX_SEATS_PER_BOOKING) return `You can only select ${MAX_SEATS_PER_BOOKING} seats`;
  const invalid = seats.filter((seat) => !isSeatId(seat));
  if (invalid.length) return `Unknown seat ${invalid.join(', ')}: seats are A1 to J9`;
  const duplicates = seats.filter((seat, i) => seats.indexOf(seat) !== i);
  if (duplicates.length) return `Seat ${[...new Set(duplicates)].join(', ')} is selected more than once`;
  return null;
}

/** Seats in hall order, so stored bookings and messages read naturally. */
export function sortSeats(seats: readonly string[]): string[] {
  return [...seats].sort((a, b) => a[0]!.localeCompare(b[0]!) || Number(a.slice(1)) - Number(b.slice(1)));
}
