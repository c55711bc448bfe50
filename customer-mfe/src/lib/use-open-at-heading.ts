import { useEffect, useRef } from 'react';

/**
 * A page reached by a link within the same route (the seat page's `?queue=` waiting room keeps the seat page's
 * scroll) opens at its heading: the window goes to the top, where the heading sits below the sticky top bar, and
 * focus moves to the h1 so a screen reader starts there. Runs once the heading is drawn (`ready`).
 */
export function useOpenAtHeading<T extends HTMLElement>(ready: boolean) {
  const page = useRef<T>(null);
  useEffect(() => {
    if (!ready) return;
    const heading = page.current?.querySelector<HTMLElement>('h1');
    window.scrollTo(0, 0);
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [ready]);
  return page;
}
