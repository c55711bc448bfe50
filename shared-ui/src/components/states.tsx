import type { ReactNode } from 'react';
import { Button } from './button';

/** Placeholder blocks with the final layout's size, shown while data loads. */
export function Skeleton({ width = '100%', height = '1rem', className }: { width?: string; height?: string; className?: string }) {
  return <div className={['ui-skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" />;
}

/** A grid of poster-shaped skeletons, announced once to screen readers. */
export function CardGridSkeleton({ count = 4, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <div className="ui-grid">
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} height="auto" className="ui-poster" />
        ))}
      </div>
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
