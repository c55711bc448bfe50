import { useEffect } from 'react';

/** The page starts at its top, not at the scroll position of the page it was reached from; again when `page` changes. */
export function useScrollToTop(page: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);
}
