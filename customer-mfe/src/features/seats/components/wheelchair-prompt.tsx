import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'shared-ui';
import type { useWheelchairCheck } from '../hooks/use-wheelchair-check';
import { WheelchairIcon } from './wheelchair-icon';

type Check = ReturnType<typeof useWheelchairCheck>;

/** Tab stays among the dialog's buttons: the seat map behind a modal is out of reach. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const at = buttons.indexOf(document.activeElement as HTMLElement);
  const next = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * The question a chosen wheelchair space asks, as a modal dialog (the way commercial cinema sites ask): is a
 * wheelchair space needed? "Yes" keeps it, with its companion seat in the same tap when one is free; "No" (or
 * Escape) lets it go to choose another seat. Focus moves to the first answer and returns to the seat after.
 */
export function WheelchairPrompt({ question, keep, letGo }: Pick<Check, 'question' | 'keep' | 'letGo'>) {
  if (!question) return null;
  return <WheelchairDialog {...question} keep={keep} letGo={letGo} />;
}

function WheelchairDialog({ space, companion, keep, letGo }: NonNullable<Check['question']> & Pick<Check, 'keep' | 'letGo'>) {
  const headingId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector('button')?.focus();
    return () => opener?.focus();
  }, []);
  return createPortal(
    <div className="c-dialog-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={textId}
        className="c-dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') letGo();
          if (event.key === 'Tab') trapTab(event);
        }}
      >
        <h2 id={headingId} className="c-dialog__title">
          <WheelchairIcon /> Do you need a wheelchair space?
        </h2>
        <p id={textId}>
          {space} is a wheelchair space: room for a wheelchair, with no seat in it. Keep it only if someone in your party uses a
          wheelchair.{companion ? ` The companion seat ${companion} beside it is free for the person with them.` : ''}
        </p>
        <div className="c-dialog__actions">
          {companion && (
            <Button onClick={() => keep(true)}>
              Yes, and add companion seat {companion}
            </Button>
          )}
          <Button variant={companion ? 'secondary' : undefined} onClick={() => keep(false)}>
            {companion ? `Yes, ${space} only` : `Yes, keep ${space}`}
          </Button>
          <Button variant="ghost" onClick={letGo}>
            No, choose another seat
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Beside the seat map: a chosen wheelchair space's free companion seat, added in one tap. */
export function CompanionOffers({ offers, addCompanion }: Pick<Check, 'offers' | 'addCompanion'>) {
  if (offers.length === 0) return null;
  return (
    <ul className="c-companion-offers" aria-label="Companion seats">
      {offers.map(({ space, companion }) => (
        <li key={space}>
          Add the companion seat {companion} beside wheelchair space {space}?{' '}
          <Button variant="secondary" onClick={() => addCompanion(companion)}>
            Add {companion}
          </Button>
        </li>
      ))}
    </ul>
  );
}
