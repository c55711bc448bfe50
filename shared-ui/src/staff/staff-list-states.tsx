import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Skeleton } from 'shared-ui';

/** What a staff list reads of its query (TanStack Query's result). */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

export interface StaffListStatesProps<T> {
  query: ListQuery<T>;
  /** Names the loading placeholder for screen readers ("Loading bookings"). */
  loadingLabel: string;
  skeletonHeight?: string;
  /** The error shown when the query fails (by default the failure's own message). */
  errorMessage?: (error: Error) => string;
  /** The empty state, shown when `rows` of the answer is empty; none: the list shows its own. */
  empty?: { rows: (data: T) => readonly unknown[]; title: string; text?: string };
  /** The list itself, once there is something to show. */
  children: (data: T) => ReactNode;
}

/** The staff list pages' sequence: a placeholder while loading, the failure with a retry, the empty state, then the list. */
export function StaffListStates<T>({ query, loadingLabel, skeletonHeight = '12rem', errorMessage = (error) => error.message, empty, children }: StaffListStatesProps<T>) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={loadingLabel}>
        <Skeleton height={skeletonHeight} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return <ErrorState message={query.error ? errorMessage(query.error) : undefined} onRetry={() => void query.refetch()} />;
  }
  if (empty && empty.rows(query.data).length === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return <>{children(query.data)}</>;
}
