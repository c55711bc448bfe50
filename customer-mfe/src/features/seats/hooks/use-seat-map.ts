import { useMemo } from 'react';
import { useDropTakenSeats } from './use-drop-taken-seats';
import { useSeatClicks } from './use-seat-clicks';
import type { useShowSeats } from './use-show-seats';

const EMPTY: ReadonlySet<string> = new Set();

/** The visitor's own seats on this show (features/bookings' useOwnSeats; the seat page passes them in). */
export type OwnSeats = {
  mine: ReadonlySet<string>;
  bought: ReadonlySet<string>;
  cooldown: { seats: ReadonlySet<string>; until: number };
  /** Whether `mine` can be trusted yet. */
  known: boolean;
};

/**
 * The seat map's seats as the visitor sees them: the taken ones, picked seats let go once someone else took them,
 * and what a tap on a seat does.
 */
export function useSeatMap(
  seats: ReturnType<typeof useShowSeats>,
  own: OwnSeats,
  { setSeats, removeSeats }: { setSeats: (seats: readonly string[]) => void; removeSeats: (seats: string[]) => void },
) {
  const { showId, occupiedQuery, screen, selected, checkingOut } = seats;
  const occupied = useMemo(() => (occupiedQuery.data ? new Set(occupiedQuery.data.occupiedSeats) : EMPTY), [occupiedQuery.data]);
  useDropTakenSeats({ selected, occupied, mine: own.mine, mineKnown: own.known, removeSeats, paused: checkingOut });
  const { onSeat, wheelchair } = useSeatClicks({
    showId,
    layout: screen.layout,
    selected,
    occupied,
    mine: own.mine,
    bought: own.bought,
    cooling: own.cooldown.seats,
    setSeats,
  });
  return { ...seats, occupied, onSeat, wheelchair };
}
