import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { DebugBooking } from 'booking-service/contract';
import { Button, formatPrice, formatShowTime } from 'shared-ui';

/** Tab and Shift+Tab cycle through the dialog's buttons: the page behind a modal is out of reach. */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Before a money-affecting action: which booking it is (ticket code, customer, show, amount), so
 * support acts on the one the customer means. A modal: focus moves into it, Escape or Cancel closes
 * it and gives focus back to the button that opened it.
 */
export function ConfirmActionDialog({
  title,
  consequence,
  confirmLabel,
  booking,
  timeZone,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  consequence: string;
  confirmLabel: string;
  booking: DebugBooking;
  timeZone: string | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  // Cancel takes focus (autoFocus); the button that opened the dialog (focused while it first renders) gets it back.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => opener?.focus(), [opener]);
  return (
    <div className="debug__backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="debug__dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Tab') keepFocusInside(e);
        }}
      >
        <h2 id={headingId}>{title}</h2>
        <dl className="debug__facts">
          <dt>Ticket code</dt>
          <dd>
            <code>{booking.ticketCode}</code>
          </dd>
          <dt>Customer</dt>
          <dd>{booking.userEmail || booking.userName}</dd>
          <dt>Show</dt>
          <dd>
            {booking.movieTitle} · {formatShowTime(booking.showDateTime, timeZone)}
          </dd>
          <dt>Seats</dt>
          <dd>{booking.seats.join(', ')}</dd>
          <dt>Amount</dt>
          <dd>{formatPrice(booking.amount)}</dd>
        </dl>
        <p>{consequence}</p>
        <div className="debug__dialog-actions">
          <Button autoFocus variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
