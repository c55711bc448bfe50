import type { CinemaRef, OccupiedSeatsResponse, ScreenRef, ShowDetailResponse, ShowTimePlace } from 'booking-service/contract';
import type { ScreenLayout, SeatPrices } from 'booking-service/layout';
import { formatPrice } from 'shared-ui';

/**
 * Where a show is, read from answers that may come from a service older than cinemas: every field
 * an older service lacks is read as optional here (an answer without a layout is drawn as the spec's hall at its one
 * price: features/seats/hooks/use-screen.ts). Type-only imports of the layout: the movie and theatre pages'
 * chunks do not carry the seat rules. Seats, bookings, the movie and theatre pages all read places
 * through this module, so an old answer means the same everywhere.
 */

export type ShowTime = ShowDetailResponse['dateTime'][string][number] & Partial<ShowTimePlace>;
export type ShowDetailWithPlaces = ShowDetailResponse & { cinemas?: Record<string, CinemaRef> };
export type SeatsAnswer = OccupiedSeatsResponse & Partial<{ layout: ScreenLayout; seatPrices: SeatPrices; cinema: CinemaRef; screen: ScreenRef }>;
/** A booking's show, with the place a new service adds. */
export type PlacedShow = { cinema?: CinemaRef; screen?: ScreenRef };

/**
 * The price a show time's chip states: what a moviegoer will pay, "from $14.50" when some seats cost more
 * (the service's fromPrice, contract/seats/layout.ts's showTimePrice); an older service's one price as it was.
 */
export function chipPrice(time: Pick<ShowTime, 'price' | 'fromPrice' | 'priceVaries'>, currency: string): string {
  const price = formatPrice(time.fromPrice ?? time.price, currency);
  return time.priceVaries ? `from ${price}` : price;
}

export interface CinemaTimes<T extends ShowTime = ShowTime> {
  /** null: the answer names no cinema (an older service): one group, no heading. */
  cinema: CinemaRef | null;
  times: T[];
  /** The screen formats of this cinema's times differ: each time names its format. */
  formatsDiffer: boolean;
}

/**
 * A date's show times grouped by cinema, in the order the cinemas first appear (the answer's times are in time
 * order), keeping only the cinemas of `city` when one is chosen and the answer names cities, and the cinema of
 * `keep` (a show a link names, e.g. shared by a friend in another city) whatever its city.
 */
export function timesByCinema<T extends ShowTime>(
  times: readonly T[],
  cinemas: Record<string, CinemaRef> | undefined,
  city: string | null,
  keep: string | null = null,
): CinemaTimes<T>[] {
  const groups = new Map<string, CinemaTimes<T>>();
  const kept = times.find((time) => time.showId === keep)?.cinemaId;
  for (const time of times) {
    const cinema = (time.cinemaId && cinemas?.[time.cinemaId]) || null;
    if (city && cinema && cinema.city !== city && cinema._id !== kept) continue;
    const key = cinema?._id ?? '';
    const group: CinemaTimes<T> = groups.get(key) ?? { cinema, times: [], formatsDiffer: false };
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

