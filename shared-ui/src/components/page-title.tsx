import { useEffect } from 'react';

export const SITE_NAME = 'Marquee';

/** Sets the browser tab's title while a page shows; each remote names its own pages. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
}

/** usePageTitle as an element, for route tables. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
