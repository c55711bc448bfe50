import { create } from 'zustand';

/** Seat types priced apart from the standard price (showPrice). */
export type ExtraSeatType = 'premium' | 'wheelchair' | 'companion';

/**
 * The Add Shows form (UI state): the chosen movie, screen (null: the service's default), price and the other
 * seat types' prices (empty: the standard price), and the show times grouped by date. An existing time for the
 * same date is ignored; removing the last time of a date removes the date (spec §5). After adding, the screen
 * stays chosen (staff schedule one screen at a time); the rest starts afresh.
 */
interface AddShowState {
  movieId: string | null;
  price: string;
  dateTimes: Record<string, string[]>;
  screenId: string | null;
  typePrices: Partial<Record<ExtraSeatType, string>>;
  selectMovie(movieId: string): void;
  selectScreen(screenId: string | null): void;
  setTypePrice(type: ExtraSeatType, price: string): void;
  setPrice(price: string): void;
  addDateTime(date: string, time: string): void;
  removeTime(date: string, time: string): void;
  reset(): void;
}

const empty = { movieId: null, price: '', dateTimes: {}, typePrices: {} };

export const useAddShowStore = create<AddShowState>((set) => ({
  ...empty,
  screenId: null,
  selectMovie: (movieId) => set({ movieId }),
  selectScreen: (screenId) => set({ screenId, typePrices: {} }),
  setTypePrice: (type, price) => set((state) => ({ typePrices: { ...state.typePrices, [type]: price } })),
  setPrice: (price) => set({ price }),
  addDateTime: (date, time) =>
    set((state) => {
      const times = state.dateTimes[date] ?? [];
      if (times.includes(time)) return state;
      return { dateTimes: { ...state.dateTimes, [date]: [...times, time].sort() } };
    }),
  removeTime: (date, time) =>
    set((state) => {
      const times = (state.dateTimes[date] ?? []).filter((t) => t !== time);
      const { [date]: _removed, ...others } = state.dateTimes;
      return { dateTimes: times.length ? { ...others, [date]: times } : others };
    }),
  reset: () => set(empty),
}));
