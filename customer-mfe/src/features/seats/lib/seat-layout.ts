import { layoutSeats, seatSelectionProblemIn, seatTypes, type LayoutSeat, type ScreenLayout } from 'booking-service/layout';

/**
 * A screen's layout (booking-service/layout) as the seat map draws it and the arrow keys move over it: blocks
 * of rows (a row with `aisleBefore` starts a block: the walkway is the space between), each row its positions
 * left to right, a gap where the layout has one. Rows are drawn centred, so a row's `offset` (half the
 * difference to the widest row) puts its positions where the eye sees them, for moving up and down.
 */
export interface GridRow {
  label: string;
  /** One entry per position: the seat, or null for a gap. */
  cells: (LayoutSeat | null)[];
  offset: number;
}
export interface SeatGrid {
  blocks: GridRow[][];
  rows: GridRow[];
  seats: ReadonlyMap<string, LayoutSeat>;
  first: string;
}

export function seatGrid(layout: ScreenLayout): SeatGrid {
  const all = layoutSeats(layout);
  const width = Math.max(...layout.rows.map((row) => row.seats.length));
  const rows: GridRow[] = layout.rows.map((row, rowIndex) => {
    const cells: (LayoutSeat | null)[] = Array.from({ length: row.seats.length }, () => null);
    for (const seat of all) if (seat.rowIndex === rowIndex) cells[seat.column] = seat;
    return { label: row.label, cells, offset: (width - row.seats.length) / 2 };
  });
  const blocks: GridRow[][] = [];
  layout.rows.forEach((row, i) => {
    if (i === 0 || row.aisleBefore) blocks.push([]);
    blocks.at(-1)!.push(rows[i]!);
  });
  return { blocks, rows, seats: new Map(all.map((seat) => [seat.id, seat])), first: all[0]?.id ?? '' };
}

const seatsOf = (row: GridRow) => row.cells.filter((cell): cell is LayoutSeat => cell !== null);

/** The seat of `row` nearest the drawn position `x` (the left one on a tie). */
function nearest(row: GridRow, x: number): string {
  let best = seatsOf(row)[0]!;
  for (const seat of seatsOf(row)) if (Math.abs(row.offset + seat.column - x) < Math.abs(row.offset + best.column - x)) best = seat;
  return best.id;
}

/**
 * The seat an arrow key (or Home/End) moves to from `id`, over gaps and aisles, staying inside the hall: left and
 * right to the row's next seat, up and down to the nearest seat of the row above or below, Home and End to the
 * row's first and last seat. null where there is nowhere to go (the key then does nothing).
 */
export function nextSeat(grid: SeatGrid, id: string, key: string): string | null {
  const seat = grid.seats.get(id);
  if (!seat) return null;
  const row = grid.rows[seat.rowIndex]!;
  const inRow = seatsOf(row);
  const at = inRow.findIndex((s) => s.id === id);
  const x = row.offset + seat.column;
  switch (key) {
    case 'ArrowLeft':
      return inRow[at - 1]?.id ?? null;
    case 'ArrowRight':
      return inRow[at + 1]?.id ?? null;
    case 'ArrowUp':
      return seat.rowIndex > 0 ? nearest(grid.rows[seat.rowIndex - 1]!, x) : null;
    case 'ArrowDown':
      return seat.rowIndex < grid.rows.length - 1 ? nearest(grid.rows[seat.rowIndex + 1]!, x) : null;
    case 'Home':
      return inRow[0]!.id;
    case 'End':
      return inRow.at(-1)!.id;
    default:
      return null;
  }
}

/**
 * The selection after a click on `seat`, by the service's own rule (seatSelectionProblemIn): a companion seat
 * only with the wheelchair space beside it. Letting go of a wheelchair space lets go of the companion seat that
 * came with it; choosing a lone companion seat is refused with the service's text.
 */
export function toggleInLayout(layout: ScreenLayout, selected: readonly string[], seat: string): { seats: string[] } | { problem: string } {
  const types = seatTypes(layout);
  if (selected.includes(seat)) {
    const rest = selected.filter((s) => s !== seat);
    const others = rest.filter((s) => types.get(s) !== 'companion');
    // A companion seat stays only while a wheelchair space beside it is still chosen.
    return { seats: rest.filter((s) => types.get(s) !== 'companion' || !lonelyCompanion(layout, [s, ...others])) };
  }
  const next = [...selected, seat];
  return lonelyCompanion(layout, next) ? { problem: seatSelectionProblemIn(layout, next)! } : { seats: next };
}

function lonelyCompanion(layout: ScreenLayout, seats: readonly string[]): boolean {
  return seatSelectionProblemIn(layout, seats)?.startsWith('Companion seat') ?? false;
}
