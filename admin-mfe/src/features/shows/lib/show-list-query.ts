import type { AdminShowsRequest, ShowSort } from 'booking-service/contract';

export const SHOWS_PAGE_SIZE = 20;

/** Every sort of the service's, as the page names it (a Record: a sort the contract adds must be named here). */
export const SORT_LABELS: Record<ShowSort, string> = { time: 'Show time', movie: 'Movie', sold: 'Seats sold', revenue: 'Revenue' };

export type ShowListQuery = AdminShowsRequest & { sort: ShowSort; order: 'asc' | 'desc'; page: string };

/**
 * List Shows' filters, sort and page as the page's URL keeps them (`?movie=1001&cinema=marquee-saket&screen=marquee-saket-2&from=2026-12-01&sort=sold&order=desc&page=2`;
 * `?show=<id>`: the one show the Schedule opened),
 * so a reload, Back or a shared link shows the same list. Unknown values fall back to the defaults.
 */
export function showListQuery(params: URLSearchParams): ShowListQuery {
  const sort = (Object.keys(SORT_LABELS) as ShowSort[]).find((s) => s === params.get('sort')) ?? 'time';
  const page = /^[1-9][0-9]{0,5}$/.test(params.get('page') ?? '') ? params.get('page')! : '1';
  const date = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  return {
    movieId: params.get('movie') || undefined,
    cinemaId: params.get('cinema') || undefined,
    screenId: params.get('screen') || undefined,
    // One show, opened from the Schedule (`?show=<id>`).
    ids: /^[0-9a-f-]{36}$/.test(params.get('show') ?? '') ? params.get('show')! : undefined,
    from: date('from'),
    to: date('to'),
    sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page,
    pageSize: String(SHOWS_PAGE_SIZE),
  };
}

/** The URL after a change: the page goes back to 1 unless the change is the page itself; defaults are left out. */
export function withChange(params: URLSearchParams, change: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in change)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}
