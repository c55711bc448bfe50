import { EmptyState, ErrorState, Skeleton } from 'shared-ui';
import { useOutbox } from '../api/get-outbox';

/** The emails sent to customers, newest first, with their full text. */
export function OutboxList() {
  const outbox = useOutbox();
  if (outbox.isPending) return <Skeleton height="6rem" />;
  if (outbox.isError) return <ErrorState message="Failed to fetch the outbox" onRetry={() => void outbox.refetch()} />;
  if (outbox.data.messages.length === 0) return <EmptyState title="No emails yet" />;
  return (
    <ul className="debug__outbox">
      {outbox.data.messages.map((m) => (
        <li key={m.id}>
          <details>
            <summary>
              <strong>{m.subject}</strong> <span className="debug__muted">to {m.toAddress || 'unknown'} · {new Date(m.createdAt).toLocaleString()}</span>
            </summary>
            <pre>{m.text}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
