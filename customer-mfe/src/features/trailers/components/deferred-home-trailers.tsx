import { lazy, Suspense } from 'react';
import { Section } from '../../../components/section';
import { useNearViewport } from '../../../lib/use-near-viewport';
import type { TrailerSourceMovie } from './home-trailers';
import { TrailersSkeleton } from './trailers-skeleton';

const HomeTrailers = lazy(() => import('./home-trailers').then((module) => ({ default: module.HomeTrailers })));

/**
 * The home page's Trailers, below the fold: its code, its four video reads and
 * its images load when the reader scrolls near it, so on a phone they do not
 * compete with the hero and the first screen. Until then, and while its code
 * arrives, it holds the same place with the same skeleton, so nothing shifts.
 */
export function DeferredHomeTrailers(props: { movies: TrailerSourceMovie[]; loading: boolean }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <Section title="Trailers" className="c-home-trailers">
      <TrailersSkeleton />
    </Section>
  );
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}><HomeTrailers {...props} /></Suspense> : placeholder}</div>;
}
