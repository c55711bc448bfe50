/**
 * The hall's rules (spec §2, §9), stated once: the service's schemas and checks, the stores' database
 * constraints and the customer remote's seat map all import them. Its own entry point
 * (`booking-service/hall`), free of the schemas, so a frontend takes only these few lines.
 */

/** Rows A–J, top to bottom. */
export const SEAT_ROWS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export const SEATS_PER_ROW = 9;
/** Rows drawn together, with an aisle between blocks: A and B on top, then the pairs C/D, E/F, G/H, I/J. */
export const SEAT_BLOCKS: readonly (readonly string[])[] = [['A', 'B'], ['C', 'D'], ['E', 'F'], ['G', 'H'], ['I', 'J']];
export const MAX_SEATS_PER_BOOKING = 5;
/** A seat id: its row letter and its number in the row (A1 … J9). */
export const SEAT_ID_PATTERN = '^[A-J][1-9]$';
/** What a moviegoer is told when choosing one seat too many (spec §8's toast). */
export const TOO_MANY_SEATS_MESSAGE = `You can only select ${MAX_SEATS_PER_BOOKING} seats`;

const seatIdPattern = new RegExp(SEAT_ID_PATTERN);

export function isSeatId(value: string): boolean {
  return seatIdPattern.test(value);
}

export function seatId(row: string, number: number): string {
  return `${row}${number}`;
}

/** Every seat of the hall in row order: A1..A9, B1..J9. */
export const ALL_SEATS: readonly string[] = SEAT_ROWS.flatMap((row) =>
  Array.from({ length: SEATS_PER_ROW }, (_, i) => seatId(row, i + 1)),
);

/** The reason a seat selection is refused, or null when it is acceptable. */
export function seatSelectionProblem(seats: readonly string[]): string | null {
  if (seats.length === 0) return 'Please select at least one seat';
  if (seats.length > MAX_SEATS_PER_BOOKING) return TOO_MANY_SEATS_MESSAGE;
  const invalid = seats.filter((seat) => !isSeatId(seat));
  if (invalid.length) return `Unknown seat ${invalid.join(', ')}: seats are A1 to J9`;
  const duplicates = seats.filter((seat, i) => seats.indexOf(seat) !== i);
  if (duplicates.length) return `Seat ${[...new Set(duplicates)].join(', ')} is selected more than once`;
  return null;
}

/** A seat id's row and number, on any screen's layout: "AB12" -> ["AB", 12]. */
function rowAndNumber(id: string): [string, number] {
  const [, row = id, number = '0'] = /^([A-Z]+)(\d+)$/.exec(id) ?? [];
  return [row, Number(number)];
}

/** Seats in hall order (A1, A2 … J9; on larger screens … Z9, AA1 …), so stored bookings and messages read naturally. */
export function sortSeats(seats: Iterable<string>): string[] {
  return [...seats].sort((a, b) => {
    const [rowA, numberA] = rowAndNumber(a);
    const [rowB, numberB] = rowAndNumber(b);
    return rowA.length - rowB.length || (rowA < rowB ? -1 : rowA > rowB ? 1 : 0) || numberA - numberB;
  });
}
