import { Button } from 'shared-ui';
import { countOf } from './count-of';

/** How many pages `total` rows make, `pageSize` a page: at least one, so an empty list reads "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface StaffPagerProps {
  /** Names the navigation ("Pages", "Pages of shows"). */
  label: string;
  /** The page asked for: Previous and Next step from it. */
  page: number;
  /** The page the list shows, when it may lag the one asked for (the answer's page while the next one loads). */
  shownPage?: number;
  pageSize: number;
  /** Every row over all pages, counted under the pager with its noun ("120 bookings"). */
  total: number;
  noun: string;
  onPage: (page: number) => void;
  /** The remote's pager style. */
  className: string;
}

/** A staff list's Previous / "Page 2 of 5 · 120 bookings" / Next, the page announced politely as it changes. */
export function StaffPager({ label, page, shownPage = page, pageSize, total, noun, onPage, className }: StaffPagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className={className} aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {shownPage} of {pages} · {countOf(total, noun)}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
