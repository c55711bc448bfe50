/**
 * "Best available": the best free seats together for 1 to MAX_SEATS_PER_BOOKING people on any screen's
 * layout. One rule, proposed by the service (GET /api/booking/seats/{showId}/best) and never restated by a frontend:
 *
 * - seats together are consecutive positions of one row (an aisle or gap splits them); the block nearest the
 *   screen's sweet spot wins: the centre of the row, about SWEET_SPOT_DEPTH of the way back from the screen;
 * - when no row has them together, two blocks in adjacent rows, one behind the other, nearest the sweet spot
 *   and aligned; never scattered seats (none are proposed then);
 * - a wheelchair space only when asked for (`type: 'wheelchair'`): then the block holds one, with the free
 *   companion seat beside it when the party is two or more, and a companion seat never without its space
 *   (seatSelectionProblemIn); otherwise neither wheelchair spaces nor companion seats are proposed;
 * - a seat type the moviegoer filters on (standard or premium): only seats of that type.
 */
import { MAX_SEATS_PER_BOOKING } from './hall.ts';
import { layoutSeats, seatSelectionProblemIn, type LayoutSeat, type ScreenLayout, type SeatType } from './layout.ts';

/** The seat types a moviegoer may filter "Best available" on. */
export const BEST_AVAILABLE_TYPES = ['standard', 'premium', 'wheelchair'] as const;
export type BestAvailableType = (typeof BEST_AVAILABLE_TYPES)[number];

/** How far back the sweet spot is, from the first row (0) to the last (1). */
export const SWEET_SPOT_DEPTH = 0.6;

export interface BestAvailableRequest {
  count: number;
  /** Only seats of this type (wheelchair: a wheelchair space, with its companion seat and standard seats beside). */
  type?: BestAvailableType;
}

type Block = readonly LayoutSeat[];

function allowedTypes(type: BestAvailableType | undefined): ReadonlySet<SeatType> {
  if (type === 'wheelchair') return new Set<SeatType>(['wheelchair', 'companion', 'standard']);
  return new Set<SeatType>(type ? [type] : ['standard', 'premium']);
}

/** Each row's runs of free, allowed seats at consecutive positions. */
function freeRuns(seats: readonly LayoutSeat[], taken: ReadonlySet<string>, allowed: ReadonlySet<SeatType>): Map<number, LayoutSeat[][]> {
  const runs = new Map<number, LayoutSeat[][]>();
  let run: LayoutSeat[] = [];
  let previous: LayoutSeat | undefined;
  const close = () => {
    if (run.length && previous) runs.set(previous.rowIndex, [...(runs.get(previous.rowIndex) ?? []), run]);
    run = [];
  };
  for (const seat of seats) {
    const usable = !taken.has(seat.id) && allowed.has(seat.type);
    const adjacent = previous && previous.rowIndex === seat.rowIndex && previous.column === seat.column - 1;
    if (!usable || !adjacent) close();
    if (usable) run.push(seat);
    previous = seat;
  }
  close();
  return runs;
}

/** Every block of `size` seats inside a row's runs. */
function blocksOf(runs: readonly LayoutSeat[][], size: number): Block[] {
  return runs.flatMap((run) => Array.from({ length: Math.max(0, run.length - size + 1) }, (_, i) => run.slice(i, i + size)));
}

/**
 * Proposes the best free seats together, in row and seat order, or [] when no such seats are free. `taken` are the
 * seats held or sold.
 */
export function bestAvailableSeats(layout: ScreenLayout, taken: Iterable<string>, { count, type }: BestAvailableRequest): string[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEATS_PER_BOOKING) return [];
  const seats = layoutSeats(layout);
  const takenSet = new Set(taken);
  const runs = freeRuns(seats, takenSet, allowedTypes(type));
  const width = Math.max(...layout.rows.map((row) => row.seats.length));
  const centre = (width - 1) / 2;
  const idealRow = (layout.rows.length - 1) * SWEET_SPOT_DEPTH;
  const middle = (block: Block) => (block[0]!.column + block.at(-1)!.column) / 2;
  /** Lower is better: how far a block sits from the sweet spot, across (half the width = 1) and in depth (all rows = 1). */
  const distance = (block: Block) => Math.abs(middle(block) - centre) / (width / 2) + Math.abs(block[0]!.rowIndex - idealRow) / layout.rows.length;
  const companionsFree = companionSeatsBeside(seats, takenSet);
  const fits = (chosen: Block) => {
    if (type !== 'wheelchair') return true;
    const ids = chosen.map((seat) => seat.id);
    if (!chosen.some((seat) => seat.type === 'wheelchair') || seatSelectionProblemIn(layout, ids) !== null) return false;
    // Never split a wheelchair space from its free companion seat when the party has room for it.
    return count === 1 || chosen.every((seat) => seat.type !== 'wheelchair' || (companionsFree.get(seat.id) ?? []).every((id) => ids.includes(id)));
  };

  let best: { block: Block; score: number } | null = null;
  for (const rowRuns of runs.values()) {
    for (const block of blocksOf(rowRuns, count)) {
      const score = distance(block);
      if (fits(block) && (!best || score < best.score)) best = { block, score };
    }
  }
  if (!best && count > 1) best = bestAcrossTwoRows(runs, count, { distance, middle, fits, width });
  return best ? best.block.map((seat) => seat.id) : [];
}

/** Free companion seats beside each wheelchair space (wheelchair id -> companion ids). */
function companionSeatsBeside(seats: readonly LayoutSeat[], taken: ReadonlySet<string>): Map<string, string[]> {
  const at = new Map(seats.map((seat) => [`${seat.rowIndex}:${seat.column}`, seat]));
  const beside = new Map<string, string[]>();
  for (const seat of seats) {
    if (seat.type !== 'wheelchair') continue;
    const companions = [seat.column - 1, seat.column + 1]
      .map((column) => at.get(`${seat.rowIndex}:${column}`))
      .filter((next): next is LayoutSeat => next?.type === 'companion' && !taken.has(next.id));
    beside.set(seat.id, companions.map((next) => next.id));
  }
  return beside;
}

interface Scoring {
  distance: (block: Block) => number;
  middle: (block: Block) => number;
  fits: (chosen: Block) => boolean;
  width: number;
}

/** The party split over two adjacent rows, one block behind the other: nearest the sweet spot and best aligned. */
function bestAcrossTwoRows(runs: Map<number, LayoutSeat[][]>, count: number, { distance, middle, fits, width }: Scoring): { block: Block; score: number } | null {
  let best: { block: Block; score: number } | null = null;
  for (const [rowIndex, front] of runs) {
    const back = runs.get(rowIndex + 1);
    if (!back) continue;
    for (let inFront = 1; inFront < count; inFront++) {
      for (const first of blocksOf(front, inFront)) {
        for (const second of blocksOf(back, count - inFront)) {
          const block = [...first, ...second];
          // Nearest the sweet spot, one block behind the other, the party split as evenly as it can be.
          const score =
            (distance(first) * first.length + distance(second) * second.length) / count +
            Math.abs(middle(first) - middle(second)) / (width / 2) +
            Math.abs(first.length - second.length) / count / 2;
          if (fits(block) && (!best || score < best.score)) best = { block, score };
        }
      }
    }
  }
  return best;
}
