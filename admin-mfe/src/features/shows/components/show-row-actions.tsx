import { useId, useState, type FormEvent } from 'react';
import type { AdminShowRow } from 'booking-service/contract';
import { Button, buttonClass, formatPrice, formatShowTime } from 'shared-ui';
import { calendarDateIn } from 'shared-ui/calendar-date';
import { ConfirmActionDialog, countOf, notifyOutcome } from 'shared-ui/staff';
import { placeOf } from '../../../lib/cinema-filters';
import { useCancelShow, useSetShowPrice } from '../api/show-actions';

/**
 * A List Shows row's actions: its seat map (the moviegoers' seat page, with what is taken),
 * Change price (for bookings made from now on) and Cancel show (after a confirmation naming the show and its
 * sales: every paid booking refunded and emailed, the holds released, the show no longer bookable). A cancelled
 * show keeps only its seat map.
 */
export function ShowRowActions({ show, timeZone }: { show: AdminShowRow; timeZone: string | undefined }) {
  const [open, setOpen] = useState<'price' | 'cancel' | null>(null);
  const cancel = useCancelShow();
  const when = formatShowTime(show.showDateTime, timeZone);
  const seatMap = `/movies/${show.movie._id}/${calendarDateIn(show.showDateTime, timeZone)}?show=${show._id}`;
  const confirmCancel = () =>
    cancel.mutate(show._id, {
      onSuccess: (answer) => {
        setOpen(null);
        notifyOutcome('success', answer.message);
      },
      onError: (failure) => {
        setOpen(null);
        notifyOutcome('error', failure.message);
      },
    });

  return (
    <div className="admin__row-actions">
      {/* The show's name as hidden text, not an aria-label: a label is what a form field is found by. */}
      <a className={buttonClass('ghost')} href={seatMap}>
        Seat map<span className="sr-only"> of {show.movie.title}, {when}</span>
      </a>
      {!show.cancelled && (
        <>
          <Button variant="secondary" aria-expanded={open === 'price'} onClick={() => setOpen(open === 'price' ? null : 'price')}>
            Change price
          </Button>
          <Button variant="secondary" className="staff__danger" onClick={() => setOpen('cancel')}>
            Cancel show
          </Button>
        </>
      )}
      {open === 'price' && <PriceForm show={show} onDone={() => setOpen(null)} />}
      {open === 'cancel' && (
        <ConfirmActionDialog
          title="Cancel this show?"
          consequence="Every paid booking is refunded in full and its moviegoer emailed; held seats are released; the show is no longer listed or bookable. This cannot be undone."
          confirmLabel="Cancel show and refund"
          dismissLabel="Keep the show"
          facts={[
            ['Movie', show.movie.title],
            ['Show time', when],
            ...(show.cinema ? [['Where', placeOf(show)] as const] : []),
            ['Sold', `${show.soldSeats} of ${show.totalSeats} seats (${formatPrice(show.revenue)})`],
            ['Held', countOf(show.heldSeats, 'seat')],
          ]}
          busy={cancel.isPending}
          destructive
          onConfirm={confirmCancel}
          onCancel={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** The new standard seat price, for bookings made from now on. */
function PriceForm({ show, onDone }: { show: AdminShowRow; onDone: () => void }) {
  const [value, setValue] = useState(String(show.showPrice));
  const [problem, setProblem] = useState<string | null>(null);
  const setPrice = useSetShowPrice();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const showPrice = Number(value);
    if (value.trim() === '' || !Number.isFinite(showPrice) || showPrice < 0) {
      setProblem('Enter a price of at least 0');
      return;
    }
    setPrice.mutate(
      { showId: show._id, showPrice },
      {
        onSuccess: (answer) => {
          notifyOutcome('success', answer.message);
          onDone();
        },
        onError: (failure) => setProblem(failure.message),
      },
    );
  };
  return (
    <form className="admin__price-form" onSubmit={submit} aria-label={`New price for ${show.movie.title}`}>
      <label htmlFor={inputId}>New price (bookings from now on)</label>
      <input id={inputId} type="number" inputMode="decimal" min="0" step="0.01" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={problem ? true : undefined} />
      {problem && <p className="admin__field-error">{problem}</p>}
      <div className="admin__row-actions">
        <Button type="submit" disabled={setPrice.isPending}>
          {setPrice.isPending ? 'Saving…' : 'Save price'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Keep price
        </Button>
      </div>
    </form>
  );
}
