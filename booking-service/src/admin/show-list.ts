import { ALL_SEATS } from '../contract/seats/hall.ts';
import type { ShowSort } from '../contract/schemas.ts';
import type { ShowWithSeats } from '../shows/show.ts';

/** One show as List Shows reads it: seats sold (paid) against the hall, and what they earned. */
export interface ShowSales {
  show: ShowWithSeats;
  soldSeats: number;
  heldSeats: number;
  totalSeats: number;
  revenueCents: number;
}

export interface ShowListRequest {
  movieId?: string;
  sort: ShowSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A show's sales from its seat ledger: paid seats at the show's price (held seats are not sold yet). */
export function showSales(show: ShowWithSeats): ShowSales {
  const states = Object.values(show.occupiedSeats);
  const soldSeats = states.filter((state) => state === 'paid').length;
  return { show, soldSeats, heldSeats: states.length - soldSeats, totalSeats: ALL_SEATS.length, revenueCents: soldSeats * show.priceCents };
}

const COMPARE: Record<ShowSort, (a: ShowSales, b: ShowSales) => number> = {
  time: (a, b) => a.show.startsAt.getTime() - b.show.startsAt.getTime(),
  movie: (a, b) => a.show.movie.title.localeCompare(b.show.movie.title, 'en'),
  sold: (a, b) => a.soldSeats - b.soldSeats,
  revenue: (a, b) => a.revenueCents - b.revenueCents,
};

/**
 * The shows of a date range (the store's query), filtered by movie, sorted and cut to one page. Ties
 * fall back to time, then id, so a page never repeats or skips a show between requests.
 */
export function pageOfShows(shows: ShowWithSeats[], request: ShowListRequest): { items: ShowSales[]; total: number } {
  const direction = request.order === 'desc' ? -1 : 1;
  const chosen = request.movieId ? shows.filter((show) => show.movieId === request.movieId) : shows;
  const sorted = chosen
    .map(showSales)
    .sort((a, b) => direction * COMPARE[request.sort](a, b) || COMPARE.time(a, b) || (a.show.id < b.show.id ? -1 : 1));
  return { items: sorted.slice(request.offset, request.offset + request.limit), total: sorted.length };
}

/** Every movie of these shows, once, by title (the filter's choices). */
export function moviesOf(shows: ShowWithSeats[]): { id: string; title: string }[] {
  const byId = new Map(shows.map((show) => [show.movieId, show.movie.title]));
  return [...byId].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title, 'en'));
}
