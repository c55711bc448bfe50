import type { Movie, NewShow, SeatState, Show, ShowWithMovie, ShowWithSeats } from './show.ts';
import type { Occupation, ScreenOverlap } from './screen-schedule.ts';

/** What the shows and movies need of a store (every store implements it: db/). */
export interface MovieRepository {
  /**
   * Inserts the movie or refreshes its catalogue details. A new runtime moves the end of its live shows that have
   * not finished (their occupation of the screen: shows/screen-schedule.ts); when one would then overlap another
   * show on its screen, nothing changes and it throws ScheduleClashError naming them.
   */
  upsert(movie: Movie): Promise<void>;
  get(id: string): Promise<Movie | null>;
  /** Every movie's id (the public reads answer unknown ids from memory: http/known-ids.ts). */
  ids(): Promise<string[]>;
  /** Movies with at least one show starting after `now` (not cancelled), once each, soonest next show first. */
  withUpcomingShows(now: Date): Promise<Movie[]>;
  count(): Promise<number>;
}

export interface ShowRepository {
  /**
   * Creates the shows that do not exist yet for that movie, instant and screen; returns how many were new. When one
   * would overlap a live show on its screen (or another of these), none is added: it throws ScheduleClashError
   * (decided by the store, so two instances adding clashing shows at once: one succeeds).
   */
  addMany(movieId: string, shows: NewShow[]): Promise<number>;
  /** Live shows' occupations of these screens that overlap [from, to), soonest first (shows/screen-schedule.ts). */
  scheduleOn(screenIds: string[], from: Date, to: Date): Promise<Occupation[]>;
  /** Pairs of live shows of one screen that overlap (stored before the rule: grandfathered), with each one's seats sold. */
  overlaps(): Promise<ScreenOverlap[]>;
  get(id: string): Promise<ShowWithMovie | null>;
  /** Every show's id, past ones included (see MovieRepository.ids). */
  ids(): Promise<string[]>;
  /** The movie's shows starting after `now` that are not cancelled, soonest first (what moviegoers see). */
  upcomingForMovie(movieId: string, now: Date): Promise<Show[]>;
  /** Shows starting in [from, to) (either bound optional) with movie and seat ledger, soonest first; cancelled ones too (staff lists). */
  listWithSeats(options: { from?: Date; to?: Date }): Promise<ShowWithSeats[]>;
  /** Shows on these screens starting after `now` that are not cancelled, with their movie, soonest first. */
  upcomingOnScreens(screenIds: string[], now: Date): Promise<ShowWithMovie[]>;
  countUpcoming(now: Date): Promise<number>;
  /** Marks the show cancelled at `at` unless it already is (changed: this call did it); null when unknown. */
  cancel(id: string, at: Date): Promise<{ changed: boolean } | null>;
  /** Sets the standard seat's price of a show that is not cancelled (bookings keep the amount they were made at); false when none. */
  setPrice(id: string, priceCents: number): Promise<boolean>;
  /** Seats held or sold for a show. */
  occupiedSeats(showId: string): Promise<Record<string, SeatState>>;
}
