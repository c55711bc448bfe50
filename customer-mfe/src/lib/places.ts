import type { CinemaRef, OccupiedSeatsResponse, ScreenRef, ShowDetailResponse, ShowTimePlace } from 'booking-service/contract';
import { DEFAULT_LAYOUT, layoutProblem, SEAT_TYPE_LABELS, type ScreenLayout, type SeatPrices, type SeatType } from 'booking-service/layout';

/**
 * Where a show is (issue 42), read from answers that may come from a service older than cinemas: every field
 * issue 42 adds is read as optional here, and an answer without it falls back to the spec's hall
 * (DEFAULT_LAYOUT) and its one price (showPrice). Seats, bookings, the movie and theatre pages all read places
 * through this module, so an old answer means the same everywhere.
 */

export type ShowTime = ShowDetailResponse['dateTime'][string][number] & Partial<ShowTimePlace>;
export type ShowDetailWithPlaces = ShowDetailResponse & { cinemas?: Record<string, CinemaRef> };
export type SeatsAnswer = OccupiedSeatsResponse & Partial<{ layout: ScreenLayout; seatPrices: SeatPrices; cinema: CinemaRef; screen: ScreenRef }>;
/** A booking's show, with the place a new service adds. */
export type PlacedShow = { cinema?: CinemaRef; screen?: ScreenRef };

/** The show's own layout, or the spec's hall when the answer has none (or one that cannot be drawn). */
export function layoutOf(answer: SeatsAnswer | undefined): ScreenLayout {
  const layout = answer?.layout;
  return layout && Array.isArray(layout.rows) && layoutProblem(layout) === null ? layout : DEFAULT_LAYOUT;
}

/** The show's prices by seat type: the seats answer's, else the show time's, else the one price for every seat. */
export function pricesOf(answer: SeatsAnswer | undefined, time: ShowTime | null): SeatPrices | null {
  const prices = answer?.seatPrices ?? time?.seatPrices;
  if (prices && typeof prices.standard === 'number') return prices;
  return time ? { standard: time.price } : null;
}

export interface CinemaTimes {
  /** null: the answer names no cinema (an older service): one group, no heading. */
  cinema: CinemaRef | null;
  times: ShowTime[];
  /** The screen formats of this cinema's times differ: each time names its format. */
  formatsDiffer: boolean;
}

/**
 * A date's show times grouped by cinema, in the order the cinemas first appear (the answer's times are in time
 * order), keeping only the cinemas of `city` when one is chosen and the answer names cities.
 */
export function timesByCinema(times: readonly ShowTime[], cinemas: Record<string, CinemaRef> | undefined, city: string | null): CinemaTimes[] {
  const groups = new Map<string, CinemaTimes>();
  for (const time of times) {
    const cinema = (time.cinemaId && cinemas?.[time.cinemaId]) || null;
    if (city && cinema && cinema.city !== city) continue;
    const key = cinema?._id ?? '';
    const group = groups.get(key) ?? { cinema, times: [], formatsDiffer: false };
    group.times.push(time);
    groups.set(key, group);
  }
  for (const group of groups.values()) group.formatsDiffer = new Set(group.times.map((t) => t.format ?? '')).size > 1;
  return [...groups.values()];
}

/** The cities the answer's cinemas are in, for choosing one. */
export function citiesOf(cinemas: Record<string, CinemaRef> | undefined): string[] {
  return [...new Set(Object.values(cinemas ?? {}).map((c) => c.city))];
}

/** One line for a calendar entry or a receipt: "Marquee Marine Drive, Screen 1 (IMAX), 14 Road, Mumbai". */
export function placeLine(place: PlacedShow): string | undefined {
  if (!place.cinema) return undefined;
  const screen = place.screen ? `${place.screen.name}${formatNote(place.screen.format)}` : null;
  return [place.cinema.name, screen, place.cinema.address, place.cinema.city].filter(Boolean).join(', ');
}

/** " (IMAX)" for a screen format worth naming; nothing for a standard screen. */
export function formatNote(format: string | undefined): string {
  return format && format !== 'Standard' ? ` (${format})` : '';
}

/** "A1 (Wheelchair space), A2 (Companion seat), B4": a booking's seats, each not standard with its type. */
export function seatsWithTypes(seats: readonly string[], types: Record<string, SeatType> | undefined): string {
  return seats.map((seat) => (types?.[seat] && types[seat] !== 'standard' ? `${seat} (${SEAT_TYPE_LABELS[types[seat]]})` : seat)).join(', ');
}
