/**
 * The first view's data as the page server puts it in the HTML (`<script type="application/json"
 * id="first-view-state">`), for the remote's client render to start from: the reads its page made on the server,
 * by the page's own query keys (docs/platform/frontends.md, "The first view from the HTML").
 */
export interface FirstViewQuery {
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server read it (ms since the epoch): the page's staleTime counts from here. */
  updatedAt: number;
}

export interface FirstViewState {
  queries: FirstViewQuery[];
}

/** The page's elements the page server and the client agree on. */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';
export const FIRST_VIEW_STATE_ID = 'first-view-state';
export const APP_ROOT_ID = 'root';
