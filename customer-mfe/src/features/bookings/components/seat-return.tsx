import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass, formatPrice, formatShowTime } from 'shared-ui';
import { cancellationRefusal } from 'booking-service/cancellation';
import { SEAT_TYPE_LABELS } from 'booking-service/layout';
import { seatList, ticketStillValidText } from 'booking-service/seat-returns';
import type { SelfServiceProps } from './booking-cancellation';
import { useCancelSeats } from '../api/own-booking-actions';

type Step = 'closed' | 'choose' | 'confirm';

/**
 * "Cancel some seats": for a paid booking of 2 or more seats while the cancellation policy allows
 * it (the rule the service applies: contract/cancellation.ts), the moviegoer picks the seats to give back (each with
 * its type and what it refunds: the service's `seatAmounts`), then confirms a sentence naming the refund, the seats
 * kept and that the ticket stays valid for them. Focus moves to each step's heading; a refusal is read out in place.
 */
export function SeatReturn({ booking, now, timeZone, currency, cutoffMinutes }: SelfServiceProps) {
  const giveBack = useCancelSeats();
  const [step, setStep] = useState<Step>('closed');
  const [chosen, setChosen] = useState<string[]>([]);
  const stepHeading = useRef<HTMLElement | null>(null);
  const headingRef = (element: HTMLElement | null) => {
    stepHeading.current = element;
  };
  const openButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const moved = useRef(false);

  useEffect(() => {
    // Only after the moviegoer moved between steps: a first render never takes the focus.
    if (!moved.current) return;
    (step === 'closed' ? openButton.current : stepHeading.current)?.focus();
  }, [step]);

  const amounts = booking.seatAmounts;
  const allowed =
    booking.isPaid &&
    booking.status === 'paid' &&
    !booking.admittedAt &&
    booking.bookedSeats.length >= 2 &&
    amounts !== undefined &&
    cancellationRefusal({
      startsAt: new Date(booking.show.showDateTime),
      now: new Date(now),
      cutoffMinutes,
      admitted: false,
      formatTime: (instant) => formatShowTime(instant.toISOString(), timeZone),
    }) === null;
  if (!allowed) return null;

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };
  const done = () => {
    setChosen([]);
    go('closed');
  };
  const money = (units: number) => formatPrice(units, currency);
  const seatLabel = (seat: string) => SEAT_TYPE_LABELS[booking.seatTypes?.[seat] ?? 'standard'];
  // In the ticket's order, whatever order they were ticked in.
  const picked = booking.bookedSeats.filter((seat) => chosen.includes(seat));
  const kept = booking.bookedSeats.filter((seat) => !chosen.includes(seat));
  const refund = picked.reduce((sum, seat) => sum + (amounts[seat] ?? 0), 0);

  if (step === 'closed') {
    return (
      <button ref={openButton} type="button" className={buttonClass('ghost')} onClick={() => go('choose')}>
        Cancel some seats
      </button>
    );
  }

  if (step === 'choose') {
    return (
      <fieldset className="c-seat-return" aria-describedby={`${id}-hint`}>
        <legend ref={headingRef} tabIndex={-1}>
          Which seats do you want to give back?
        </legend>
        <p id={`${id}-hint`} className="c-muted">
          Each seat is refunded at the price you paid for it. The ticket stays valid for the seats you keep.
        </p>
        {booking.bookedSeats.map((seat) => (
          <label key={seat} className="c-seat-return__seat">
            <input
              type="checkbox"
              checked={chosen.includes(seat)}
              onChange={(event) => setChosen((now) => (event.target.checked ? [...now, seat] : now.filter((s) => s !== seat)))}
            />
            <span>
              Seat {seat} · {seatLabel(seat)} · {money(amounts[seat] ?? 0)}
            </span>
          </label>
        ))}
        <div className="c-booking__help">
          <Button onClick={() => go('confirm')} disabled={picked.length === 0}>
            Continue
          </Button>
          <Button variant="ghost" onClick={() => go('closed')}>
            Keep all seats
          </Button>
        </div>
      </fieldset>
    );
  }

  const question =
    kept.length === 0
      ? `Give back every seat? This cancels the booking: ${money(refund)} is refunded to your card.`
      : `Give back ${seatList(picked).replace(/^S/, 's')}? ${money(refund)} is refunded to your card. You keep ${seatList(kept).replace(/^S/, 's')}. ${ticketStillValidText(kept)}`;
  return (
    <div className="c-booking__confirm" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} ref={headingRef} tabIndex={-1}>
        {question}
      </p>
      {giveBack.isError && (
        <p className="c-booking__no-cancel" role="alert">
          {giveBack.error.message}
        </p>
      )}
      <div className="c-booking__help">
        <Button
          onClick={() => giveBack.mutate({ bookingId: booking._id, seats: picked }, { onSuccess: done })}
          aria-busy={giveBack.isPending || undefined}
          disabled={giveBack.isPending}
        >
          {giveBack.isPending ? 'Giving back…' : 'Yes, give back and refund'}
        </Button>
        <Button variant="ghost" onClick={() => go('choose')} disabled={giveBack.isPending}>
          Change seats
        </Button>
      </div>
    </div>
  );
}
