import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind the returned ref has come within `margin` of the
 * viewport (and stays true from then on). For parts of a page below the fold
 * whose code, data and images can wait until the reader scrolls towards them,
 * so they do not compete with what the first screen shows. The default, a
 * quarter of a screen ahead, starts them as the reader scrolls towards them;
 * half a screen reached the Trailers on a laptop's first screen. Without
 * IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '25%') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return [ref, near] as const;
}
