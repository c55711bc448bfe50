import type { SupportBookingsRequest, SupportView } from 'booking-service/contract';

export const SUPPORT_PAGE_SIZE = 20;

/** The views support picks from, as the page names them (a Record: a view the contract adds must be named here). */
export const VIEW_LABELS: Record<SupportView, string> = { unpaid: 'Unpaid (held)', cancelled: 'Cancelled', paid: 'Paid', all: 'All bookings' };

/**
 * The desk's search as the URL keeps it (`?q=ana@example.com&view=all&page=2`). Unpaid is the default
 * view, without its cancelled bookings; a search looks in every booking unless a view is chosen.
 */
export function supportQuery(params: URLSearchParams): SupportBookingsRequest & { view: SupportView; page: string } {
  const q = params.get('q')?.trim() || undefined;
  const chosen = (Object.keys(VIEW_LABELS) as SupportView[]).find((v) => v === params.get('view'));
  const page = /^[1-9][0-9]{0,5}$/.test(params.get('page') ?? '') ? params.get('page')! : '1';
  return { q, view: chosen ?? (q ? 'all' : 'unpaid'), page, pageSize: String(SUPPORT_PAGE_SIZE) };
}

/** A change of the desk's search, view or page. */
export type SupportChange = { q?: string; view?: SupportView; page?: number };

/** The URL after `change`: q, view and page only; the page back to 1 unless it is the change; page 1 and empty values left out. */
export function withSupportChange(current: URLSearchParams, change: SupportChange): URLSearchParams {
  const next = { q: current.get('q') ?? undefined, view: current.get('view') ?? undefined, page: undefined as string | undefined, ...change, ...(change.page ? { page: String(change.page) } : {}) };
  return new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]) && entry[1] !== '1'));
}
