import { useState } from 'react';
import type { OutboxMessage } from 'booking-service/contract';
import { EmptyState, ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useOutbox } from '../api/get-outbox';

/**
 * An email as the customer got it: its HTML (with the ticket's QR) in a sandboxed frame. The empty
 * sandbox runs no script, submits no form and gives the page a unique origin, so a message's HTML
 * can neither act nor reach the support desk. Rendered only once opened.
 */
function SentEmail({ message }: { message: OutboxMessage }) {
  if (!message.html) return <pre className="debug__email-text">{message.text}</pre>;
  return <iframe className="debug__email" title={`Email: ${message.subject}`} sandbox="" srcDoc={message.html} />;
}

function OutboxItem({ message, timeZone }: { message: OutboxMessage; timeZone: string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <strong>{message.subject}</strong>{' '}
          <span className="debug__muted">
            to {message.toAddress || 'unknown'} · {formatShowTime(message.createdAt, timeZone)}
            {message.sentAt ? '' : ' · not sent yet'}
          </span>
        </summary>
        {open && <SentEmail message={message} />}
      </details>
    </li>
  );
}

/** The emails sent to customers, newest first, each shown as sent. */
export function OutboxList({ timeZone }: { timeZone: string | undefined }) {
  const outbox = useOutbox();
  if (outbox.isPending) return <Skeleton height="6rem" />;
  if (outbox.isError) return <ErrorState message="Failed to fetch the outbox" onRetry={() => void outbox.refetch()} />;
  if (outbox.data.messages.length === 0) return <EmptyState title="No emails yet" />;
  return (
    <ul className="debug__outbox">
      {outbox.data.messages.map((m) => (
        <OutboxItem key={m.id} message={m} timeZone={timeZone} />
      ))}
    </ul>
  );
}
