import { useCallback, useRef, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

type SearchParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams` whose changes compose and show at once. React Router renders a navigation in a transition, and until that
 * render commits, both its `searchParams` and the `prev` its functional setter passes are the URL before the
 * change: a second change made in that window (the To date typed right after From, a second seat tapped on a
 * slow phone) would start from it and silently undo the first. Here each change starts from the newest URL
 * this hook set that has not rendered yet, or from the rendered URL once it has caught up or moved on its own
 * (Back, a link). The params returned are that newest URL too, set as ordinary (urgent) state: the tap that
 * chose a seat paints it chosen in its own frame, not after the navigation's render (on a phone with a 4x
 * slower CPU, a seat took a median 0.4 s to show chosen: tests/bench/seat-page-inp.ts). Not in shared-ui's shared entry: remotes import it from 'shared-ui/search-params', bundled
 * into them, so using it needs no new shell.
 */
export function useComposedSearchParams(): [URLSearchParams, (change: SearchParamsChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const [newestSet, showNewest] = useState<URLSearchParams | null>(null);
  const rendered = useRef(params);
  // The URLs this hook navigated to, oldest first, that no render has shown yet.
  const unrendered = useRef<string[]>([]);
  // React Router makes a new `params` only when the URL changes; reconciling in render (idempotent) keeps a
  // change made before the next effect from starting at a URL the page has already left.
  if (rendered.current !== params) {
    rendered.current = params;
    const shown = unrendered.current.indexOf(params.toString());
    unrendered.current = shown >= 0 ? unrendered.current.slice(shown + 1) : [];
  }

  const change = useCallback(
    (apply: SearchParamsChange, options?: NavigateOptions) => {
      const newest = unrendered.current.at(-1);
      const next = apply(new URLSearchParams(newest ?? rendered.current));
      unrendered.current.push(next.toString());
      showNewest(next);
      setParams(next, options);
    },
    [setParams],
  );
  // Until the navigation renders (or the URL moves on its own, which empties the list), the newest URL set.
  const newest = unrendered.current.at(-1);
  return [newest !== undefined && newestSet !== null && newestSet.toString() === newest ? newestSet : params, change];
}
