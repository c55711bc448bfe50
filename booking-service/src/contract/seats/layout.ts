/**
 * A screen's seat layout: its rows, the seats in each, the aisles, and each seat's type. The
 * service's checks, both stores and the customer's seat map read layouts only through this module
 * (`booking-service/layout`), so a layout means the same thing everywhere. The spec's hall (A–J x 9,
 * hall.ts) is DEFAULT_LAYOUT: every rule and text of the spec still holds on it.
 *
 * A row is written the way staff draw it, one character per position, left to right as seen from the
 * screen's back wall:  s standard, p premium, w wheelchair space, c companion seat, . a gap (an aisle or
 * no seat). Seats are numbered from 1 along the row, gaps not counted: "ss.sss" is 1 2 _ 3 4 5.
 */
import { MAX_SEATS_PER_BOOKING, SEAT_BLOCKS, SEAT_ROWS, SEATS_PER_ROW, TOO_MANY_SEATS_MESSAGE } from './hall.ts';

export const SEAT_TYPES = ['standard', 'premium', 'wheelchair', 'companion'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

export const SEAT_TYPE_LABELS: Readonly<Record<SeatType, string>> = {
  standard: 'Standard',
  premium: 'Premium',
  wheelchair: 'Wheelchair space',
  companion: 'Companion seat',
};

const SEAT_TYPE_BY_CHAR: Readonly<Record<string, SeatType>> = { s: 'standard', p: 'premium', w: 'wheelchair', c: 'companion' };
const GAP = '.';

export interface LayoutRow {
  /** The row's letter(s) as printed on the seats: A … Z, then AA … ZZ. */
  label: string;
  /** One character per position: s p w c, or . for a gap. */
  seats: string;
  /** A walkway across the hall in front of this row (drawn as space above it). */
  aisleBefore?: boolean;
}

export interface ScreenLayout {
  rows: readonly LayoutRow[];
}

export interface LayoutSeat {
  id: string;
  row: string;
  number: number;
  type: SeatType;
  /** Index of the row (0 = nearest the screen) and of the position in it (gaps count), for drawing. */
  rowIndex: number;
  column: number;
}

/** Any seat id a layout can hold: row letter(s) and a seat number 1–99. Requests are checked by shape with
 *  this, then against the show's own layout (seatSelectionProblemIn). */
export const ANY_SEAT_ID_PATTERN = '^[A-Z]{1,2}[1-9][0-9]?$';
export const MAX_SEAT_ID_LENGTH = 4;
export const MAX_LAYOUT_ROWS = 30;
export const MAX_ROW_POSITIONS = 60;
const ROW_LABEL_PATTERN = /^[A-Z]{1,2}$/;
const ROW_PATTERN = /^[spwc.]+$/;

/** The spec's hall: rows A–J of 9 standard seats, A and B on top, then the pairs C/D, E/F, G/H, I/J. */
export const DEFAULT_LAYOUT: ScreenLayout = {
  rows: SEAT_ROWS.map((label) => ({
    label,
    seats: 's'.repeat(SEATS_PER_ROW),
    ...(SEAT_BLOCKS.some((block, i) => i > 0 && block[0] === label) ? { aisleBefore: true } : {}),
  })),
};

/** Every seat of a layout in row order (A1, A2 … then B1 …), with its type and drawing position. */
export function layoutSeats(layout: ScreenLayout): LayoutSeat[] {
  return layout.rows.flatMap((row, rowIndex) => {
    let number = 0;
    const seats: LayoutSeat[] = [];
    [...row.seats].forEach((char, column) => {
      const type = SEAT_TYPE_BY_CHAR[char];
      if (!type) return;
      number += 1;
      seats.push({ id: `${row.label}${number}`, row: row.label, number, type, rowIndex, column });
    });
    return seats;
  });
}

/** Seat id -> its type, for every seat of the layout. */
export function seatTypes(layout: ScreenLayout): Map<string, SeatType> {
  return new Map(layoutSeats(layout).map((seat) => [seat.id, seat.type]));
}

/** Why a layout cannot be used (staff see this), or null when it is sound. */
export function layoutProblem(layout: ScreenLayout): string | null {
  if (layout.rows.length === 0) return 'A screen needs at least one row';
  if (layout.rows.length > MAX_LAYOUT_ROWS) return `A screen has at most ${MAX_LAYOUT_ROWS} rows`;
  const labels = new Set<string>();
  for (const row of layout.rows) {
    if (!ROW_LABEL_PATTERN.test(row.label)) return `Row "${row.label}": a row is named by one or two capital letters`;
    if (labels.has(row.label)) return `Row ${row.label} appears twice`;
    labels.add(row.label);
    if (!ROW_PATTERN.test(row.seats)) return `Row ${row.label}: use s, p, w, c for seats and . for gaps`;
    if (row.seats.length > MAX_ROW_POSITIONS) return `Row ${row.label} is longer than ${MAX_ROW_POSITIONS} positions`;
    const seatCount = row.seats.replaceAll(GAP, '').length;
    if (seatCount === 0) return `Row ${row.label} has no seats`;
    if (seatCount > 99) return `Row ${row.label} has more than 99 seats`;
    const lonelyCompanion = [...row.seats].findIndex((char, i) => char === 'c' && row.seats[i - 1] !== 'w' && row.seats[i + 1] !== 'w');
    if (lonelyCompanion >= 0) return `Row ${row.label}: a companion seat sits beside a wheelchair space`;
  }
  return null;
}

/** The wheelchair spaces beside each companion seat (companion id -> wheelchair ids). */
function companionsOf(layout: ScreenLayout): Map<string, string[]> {
  const byPosition = new Map(layoutSeats(layout).map((seat) => [`${seat.rowIndex}:${seat.column}`, seat]));
  const companions = new Map<string, string[]>();
  for (const seat of byPosition.values()) {
    if (seat.type !== 'companion') continue;
    const beside = [seat.column - 1, seat.column + 1]
      .map((column) => byPosition.get(`${seat.rowIndex}:${column}`))
      .filter((neighbour): neighbour is LayoutSeat => neighbour?.type === 'wheelchair');
    companions.set(seat.id, beside.map((neighbour) => neighbour.id));
  }
  return companions;
}

/** The companion seats beside a wheelchair space (none for any other seat): the seat page offers them with it. */
export function companionSeatsOf(layout: ScreenLayout, space: string): string[] {
  return [...companionsOf(layout)].filter(([, spaces]) => spaces.includes(space)).map(([companion]) => companion);
}

function seatRange(layout: ScreenLayout): string {
  const seats = layoutSeats(layout);
  return `${seats[0]?.id ?? ''} to ${seats.at(-1)?.id ?? ''}`;
}

/** 'Unknown seat …' when a seat is not on this layout (a seat id of another screen's layout), else null. */
export function unknownSeatsProblemIn(layout: ScreenLayout, seats: readonly string[]): string | null {
  const types = seatTypes(layout);
  const unknown = seats.filter((seat) => !types.has(seat));
  return unknown.length ? `Unknown seat ${unknown.join(', ')}: seats are ${seatRange(layout)}` : null;
}

/**
 * The reason a seat selection is refused on this layout, or null when it is acceptable: 1 to 5 distinct
 * seats of the layout, and a companion seat only with the wheelchair space beside it. On DEFAULT_LAYOUT the
 * texts are hall.ts's (seatSelectionProblem).
 */
export function seatSelectionProblemIn(layout: ScreenLayout, seats: readonly string[]): string | null {
  if (seats.length === 0) return 'Please select at least one seat';
  if (seats.length > MAX_SEATS_PER_BOOKING) return TOO_MANY_SEATS_MESSAGE;
  const unknown = unknownSeatsProblemIn(layout, seats);
  if (unknown) return unknown;
  const duplicates = seats.filter((seat, i) => seats.indexOf(seat) !== i);
  if (duplicates.length) return `Seat ${[...new Set(duplicates)].join(', ')} is selected more than once`;
  const chosen = new Set(seats);
  for (const [companion, spaces] of companionsOf(layout)) {
    if (chosen.has(companion) && !spaces.some((space) => chosen.has(space))) {
      return `Companion seat ${companion} is booked together with the wheelchair space beside it (${spaces.join(' or ')})`;
    }
  }
  return null;
}

/** Price of one seat of each type, in currency units. `standard` is the spec's showPrice; a type left out
 *  costs the standard price. */
export type SeatPrices = { standard: number } & Partial<Record<Exclude<SeatType, 'standard'>, number>>;

export function priceOfSeatType(prices: SeatPrices, type: SeatType): number {
  return prices[type] ?? prices.standard;
}

/**
 * What a show time's chip says a seat costs: the lowest price of the seats anyone may choose (standard and
 * premium; a screen's wheelchair spaces and companion seats, often cheaper, count only when it has nothing else), and
 * whether some of those seats cost more ("from $14.50") or all the same ("$30.00").
 */
export function showTimePrice(layout: ScreenLayout, prices: SeatPrices): { fromPrice: number; priceVaries: boolean } {
  const present = new Set(layoutSeats(layout).map((seat) => seat.type));
  const open = SEAT_TYPES.filter((type) => present.has(type) && (type === 'standard' || type === 'premium'));
  const counted = open.length > 0 ? open : SEAT_TYPES.filter((type) => present.has(type));
  const amounts = counted.map((type) => priceOfSeatType(prices, type));
  const fromPrice = amounts.length > 0 ? Math.min(...amounts) : prices.standard;
  return { fromPrice, priceVaries: new Set(amounts).size > 1 };
}

/** What each chosen seat costs and the total, in cents so sums are exact (seats in the order given). */
export function priceBreakdownCents(
  layout: ScreenLayout,
  prices: SeatPrices,
  seats: readonly string[],
): { lines: { type: SeatType; seats: string[]; unitCents: number; cents: number }[]; totalCents: number } {
  const types = seatTypes(layout);
  const lines = SEAT_TYPES.map((type) => {
    const ofType = seats.filter((seat) => types.get(seat) === type);
    const unitCents = Math.round(priceOfSeatType(prices, type) * 100);
    return { type, seats: ofType, unitCents, cents: unitCents * ofType.length };
  }).filter((line) => line.seats.length > 0);
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
}

/**
 * The seat rule that holds on every layout: 1 to 5 distinct seat ids of ANY_SEAT_ID_PATTERN's shape. The stores
 * hold it whatever the screen (PostgreSQL's booking_seats_valid(), MongoDB's validator); which seats a show has
 * is checked against its screen (seatSelectionProblemIn; PostgreSQL's triggers of migration 0015).
 */
export function anyLayoutSeatsProblem(seats: readonly string[]): string | null {
  if (seats.length === 0) return 'Please select at least one seat';
  if (seats.length > MAX_SEATS_PER_BOOKING) return TOO_MANY_SEATS_MESSAGE;
  const malformed = seats.filter((seat) => typeof seat !== 'string' || !anySeatId.test(seat));
  if (malformed.length) return `Unknown seat ${malformed.join(', ')}`;
  if (new Set(seats).size !== seats.length) return 'A seat is selected more than once';
  return null;
}
const anySeatId = new RegExp(ANY_SEAT_ID_PATTERN);
