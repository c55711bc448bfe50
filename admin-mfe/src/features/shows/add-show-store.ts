import { create } from 'zustand';

/**
 * The Add Shows form (UI state): the chosen movie, price, and the show times
 * grouped by date. An existing time for the same date is ignored; removing the
 * last time of a date removes the date (spec §5).
 */
interface AddShowState {
  movieId: string | null;
  price: string;
  dateTimes: Record<string, string[]>;
  selectMovie(movieId: string): void;
  setPrice(price: string): void;
  addDateTime(date: string, time: string): void;
  removeTime(date: string, time: string): void;
  reset(): void;
}

const empty = { movieId: null, price: '', dateTimes: {} };

export const useAddShowStore = create<AddShowState>((set) => ({
  ...empty,
  selectMovie: (movieId) => set({ movieId }),
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
