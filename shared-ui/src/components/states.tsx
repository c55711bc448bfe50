import type { ReactNode } from 'react';
import { Button } from './button';

/** Placeholder blocks with the final layout's size, shown while data loads. */
export function Skeleton({ width = '100%', height = '1rem', className }: { width?: string; height?: string; className?: string }) {
  return <div className={['ui-skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" />;
}

/**
 * A grid of movie-card-shaped skeletons, announced once to screen readers: each has the card's box, poster, one
 * title and one meta line and the button's row (MovieCard's classes), so the grid is as tall as the cards that
 * replace it and nothing after it moves when they come. The status element is the grid itself, so a page's rule
 * for its grid (the home page's columns) applies to both.
 */
export function CardGridSkeleton({ count = 4, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="ui-grid">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ui-movie-card ui-card-skeleton" aria-hidden="true">
          <div className="ui-poster ui-skeleton" />
          <div className="ui-movie-card__title ui-skeleton" />
          <div className="ui-movie-card__meta ui-skeleton" />
          <div className="ui-skeleton" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="ui-state">
      <h2 className="ui-state__title">{title}</h2>
      {text && <p className="ui-state__text">{text}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ title = 'Something went wrong', message, onRetry }: { title?: string; message?: string; onRetry?: () => void }) {
  return (
    <div className="ui-state" role="alert">
      <h2 className="ui-state__title">{title}</h2>
      {message && <p className="ui-state__text">{message}</p>}
      {onRetry && <Button onClick={onRetry}>Retry</Button>}
    </div>
  );
}
