/**
 * Client side of "the first view from the HTML" (docs/platform/frontends.md): the page server may send a page's
 * first view as static markup (#first-view) with its reads (#first-view-state), the app's root hidden behind it.
 * The remote's client render starts from those reads and, once its page has committed the same view, swaps it in
 * place (one frame: no flash, and no element moves). Whoever cannot render the page (the shell, when the remote
 * does not load) shows the app instead, so the page never stays a static copy.
 */
import { APP_ROOT_ID, FIRST_VIEW_ELEMENT_ID, FIRST_VIEW_STATE_ID, type FirstViewQuery, type FirstViewState } from './state';

let queries: FirstViewQuery[] | undefined;

/** The reads the first view was rendered with (taken once: a later page of the visit reads for itself); [] without one. */
export function takeFirstViewQueries(): FirstViewQuery[] {
  if (queries) return [];
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_STATE_ID);
  try {
    queries = element ? (JSON.parse(element.textContent ?? '') as FirstViewState).queries : [];
  } catch {
    queries = [];
  }
  return queries;
}

/**
 * Replaces the static first view, if the page has one, with the app's render. The frame goes also when it was left
 * hidden and empty (no view to send): the app's header is then the page's only one.
 */
export function handOverFirstView(): void {
  const firstView = document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (!firstView) return;
  firstView.remove();
  document.getElementById(APP_ROOT_ID)?.removeAttribute('hidden');
}
