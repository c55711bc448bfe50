import { Link } from 'react-router-dom';
import type { QueueStatusResponse } from 'booking-service/contract';
import { Button, buttonClass, formatShowTime } from 'shared-ui';
import { formatCountdown } from '../../../lib/hold';
import { formatWait } from '../lib/announcement';

/** Before the sale opens: the countdown to it (`opensIn`, ms; null before the status says when), then "Opening…". */
export function PreQueueCard({ onSaleAt, opensIn, timeZone }: { onSaleAt: string; opensIn: number | null; timeZone: string | undefined }) {
  return (
    <section className="c-queue__card" aria-labelledby="queue-state">
      <h2 id="queue-state">You are in the waiting room</h2>
      <p className="c-queue__big" role="timer" aria-label="Time until the sale opens">
        {opensIn !== null && opensIn <= 0 ? 'Opening…' : formatCountdown(opensIn ?? 0)}
      </p>
      <p className="c-muted">
        The sale opens at {formatShowTime(onSaleAt, timeZone)}. Then everyone here gets a place in a random order, so there is no need to
        arrive at the exact minute. Keep this page open.
      </p>
    </section>
  );
}

export function InLineCard({ status }: { status: QueueStatusResponse }) {
  return (
    <section className="c-queue__card" aria-labelledby="queue-state">
      <h2 id="queue-state">You are in line</h2>
      <dl className="c-queue__figures">
        <div>
          <dt>Position in line</dt>
          <dd className="c-queue__big">{status.position ?? '…'}</dd>
        </div>
        <div>
          <dt>Estimated wait</dt>
          <dd>{status.estimatedWaitSeconds === null ? 'Working it out…' : formatWait(status.estimatedWaitSeconds)}</dd>
        </div>
        <div>
          <dt>Your place number</dt>
          <dd>#{status.place}</dd>
        </div>
      </dl>
      <p className="c-muted">This page updates by itself. A refresh or another tab keeps your place.</p>
    </section>
  );
}

/** Admitted: the shopping window's time left (ms) and the way back to the seat page. */
export function TurnCard({ timeLeft, seatPage }: { timeLeft: number; seatPage: string }) {
  return (
    <section className="c-queue__card c-queue__card--go" aria-labelledby="queue-state">
      <h2 id="queue-state">It is your turn</h2>
      <p className="c-queue__big" role="timer" aria-label="Shopping time left">
        {formatCountdown(timeLeft)}
      </p>
      <p className="c-muted">left to choose your seats and book them. Paying for a booking ends your turn.</p>
      <Link className={buttonClass('primary')} to={seatPage}>
        Choose your seats
      </Link>
    </section>
  );
}

export function QueueEnded({ title, text }: { title: string; text: string }) {
  return (
    <section className="c-queue__card" aria-labelledby="queue-state">
      <h2 id="queue-state">{title}</h2>
      <p className="c-muted">{text}</p>
      <Link className={buttonClass('secondary')} to="/movies">
        Browse movies
      </Link>
    </section>
  );
}

/** The choice to stay for returned seats is the queue's (it outlives the card when sold out comes and goes). */
export function SoldOutCard({ keepWaiting, onKeepWaiting }: { keepWaiting: boolean; onKeepWaiting: () => void }) {
  return (
    <section className="c-queue__card c-queue__card--warn" aria-labelledby="sold-out">
      <h2 id="sold-out">Sold out for now</h2>
      <p className="c-muted">
        Every seat is sold or held. Seats held but not paid for come back when their hold ends: you can keep your place and we will tell you here.
      </p>
      {!keepWaiting && (
        <div className="c-queue__actions">
          <Button onClick={onKeepWaiting}>Keep waiting for returned seats</Button>
        </div>
      )}
      {keepWaiting && <p className="c-muted">You are waiting for returned seats.</p>}
    </section>
  );
}
