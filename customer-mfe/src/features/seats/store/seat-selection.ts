import { create } from 'zustand';

/** The moviegoer's choice on the seat map (UI state): the show (time) and the seats picked for it. */
interface SeatSelectionState {
  showId: string | null;
  seats: string[];
  selectShow(showId: string): void;
  toggleSeat(seat: string): void;
  removeSeats(seats: string[]): void;
  reset(): void;
}

export const useSeatSelection = create<SeatSelectionState>((set) => ({
  showId: null,
  seats: [],
  // Seats belong to one show: picking another time starts afresh.
  selectShow: (showId) => set((state) => (state.showId === showId ? state : { showId, seats: [] })),
  toggleSeat: (seat) => set((state) => ({ seats: state.seats.includes(seat) ? state.seats.filter((s) => s !== seat) : [...state.seats, seat] })),
  removeSeats: (seats) => set((state) => ({ seats: state.seats.filter((s) => !seats.includes(s)) })),
  reset: () => set({ showId: null, seats: [] }),
}));
