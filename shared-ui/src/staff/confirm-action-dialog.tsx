import { Fragment, useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'shared-ui';

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
 * Before an action staff cannot undo: what it acts on (`facts`: a booking's ticket code, customer, show
 * and amount; a moviegoer's place; an on-sale event), so staff act on the one they mean. A modal: focus moves into it, Escape or Cancel closes
 * it and gives focus back to the button that opened it. Drawn at the end of the page's body, not inside the
 * row that opened it: a phone's table card right-aligns its cells, and the dialog took that alignment.
 */
export function ConfirmActionDialog({
  title,
  consequence,
  confirmLabel,
  dismissLabel = 'Cancel',
  facts,
  busy,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  consequence: string;
  confirmLabel: string;
  /** The button that closes it without acting (when the action is itself a cancel, "Cancel" would be ambiguous). */
  dismissLabel?: string;
  facts: readonly (readonly [label: string, value: ReactNode])[];
  busy: boolean;
  /** The action destroys something (a show cancelled with refunds): its button is drawn as a danger, not as the page's primary. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  // Cancel takes focus (autoFocus); the button that opened the dialog (focused while it first renders) gets it back.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => opener?.focus(), [opener]);
  return createPortal(
    <div className="staff__backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="staff__dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Tab') keepFocusInside(e);
        }}
      >
        <h2 id={headingId}>{title}</h2>
        <dl className="staff__facts">
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p>{consequence}</p>
        <div className="staff__dialog-actions">
          <Button autoFocus variant="secondary" onClick={onCancel}>
            {dismissLabel}
          </Button>
          <Button className={destructive ? 'staff__danger' : undefined} onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
