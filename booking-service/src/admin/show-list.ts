import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { ShowSort } from '../contract/schemas.ts';
import { layoutSeats, type ScreenLayout } from '../contract/seats/layout.ts';
import { seatsAmountCents } from '../shows/seat-prices.ts';
import type { ShowWithSeats } from '../shows/show.ts';

/** One show as List Shows reads it: seats sold (paid) against its screen's seats, and what they earned. */
export interface ShowSales {
  show: ShowWithSeats;
  soldSeats: number;
  heldSeats: number;
  totalSeats: number;
  revenueCents: number;
}

export interface ShowListRequest {
  movieId?: string;
  /** Only the shows of this cinema's screens. */
  cinemaId?: string;
  /** Only the shows of this screen. */
  screenId?: string;
  /** Only shows not cancelled (On Sale's picker: shows still open for sale). */
  liveOnly?: boolean;
  /** Part of the movie's title, whatever its case. */
  search?: string;
  /** Only these shows. */
  ids?: string[];
  sort: ShowSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A show's sales from its seat ledger: paid seats, each at its type's price (held seats are not sold yet). */
export function showSales(show: ShowWithSeats, layout: ScreenLayout): ShowSales {
  const occupied = Object.entries(show.occupiedSeats);
  const paid = occupied.filter(([, state]) => state === 'paid').map(([seat]) => seat);
  return {
    show,
    soldSeats: paid.length,
    heldSeats: occupied.length - paid.length,
    totalSeats: layoutSeats(layout).length,
    revenueCents: seatsAmountCents(show, layout, paid),
  };
}

/** The shows of one cinema's screens (all of them without a cinema). */
export function showsAtCinema<T extends { screenId: string }>(shows: T[], cinemaId: string | undefined, cinemas: Pick<CinemaDirectory, 'place'>): T[] {
  return cinemaId === undefined ? shows : shows.filter((show) => cinemas.place(show.screenId)?.cinema.id === cinemaId);
}

const COMPARE: Record<ShowSort, (a: ShowSales, b: ShowSales) => number> = {
  time: (a, b) => a.show.startsAt.getTime() - b.show.startsAt.getTime(),
  movie: (a, b) => a.show.movie.title.localeCompare(b.show.movie.title, 'en'),
  sold: (a, b) => a.soldSeats - b.soldSeats,
  revenue: (a, b) => a.revenueCents - b.revenueCents,
};

/**
 * The shows of a date range (the store's query), filtered by movie, cinema, screen, title search or ids, sorted and cut to one page. Ties
 * fall back to time, then id, so a page never repeats or skips a show between requests.
 */
export function pageOfShows(
  shows: ShowWithSeats[],
  request: ShowListRequest,
  cinemas: Pick<CinemaDirectory, 'place' | 'layoutOf'>,
): { items: ShowSales[]; total: number } {
  const direction = request.order === 'desc' ? -1 : 1;
  const atCinema = showsAtCinema(shows, request.cinemaId, cinemas);
  const search = request.search?.toLocaleLowerCase('en');
  const ids = request.ids && new Set(request.ids);
  const chosen = atCinema.filter(
    (show) =>
      (!request.movieId || show.movieId === request.movieId) &&
      (!request.screenId || show.screenId === request.screenId) &&
      (!request.liveOnly || show.cancelledAt === null) &&
      (!search || show.movie.title.toLocaleLowerCase('en').includes(search)) &&
      (!ids || ids.has(show.id)),
  );
  const sorted = chosen
    .map((show) => showSales(show, cinemas.layoutOf(show.screenId)))
    .sort((a, b) => direction * COMPARE[request.sort](a, b) || COMPARE.time(a, b) || (a.show.id < b.show.id ? -1 : 1));
  return { items: sorted.slice(request.offset, request.offset + request.limit), total: sorted.length };
}

/** Every movie of these shows, once, by title (the filter's choices). */
export function moviesOf(shows: ShowWithSeats[]): { id: string; title: string }[] {
  const byId = new Map(shows.map((show) => [show.movieId, show.movie.title]));
  return [...byId].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title, 'en'));
}
