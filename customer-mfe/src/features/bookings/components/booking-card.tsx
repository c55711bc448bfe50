import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass, formatPrice, formatRuntime, formatShowTime, Poster } from 'shared-ui';
// Its own entry, not the shared package's root: the shell's first visit carries none of the status sentences.
import { bookingStatusWords } from 'shared-ui/booking-status-words';
import { calendarDateIn } from 'shared-ui/calendar-date';
import type { BookingWithTicket } from '../api/get-my-bookings';
import { useRecheckPayment, useReleaseBooking } from '../api/own-booking-actions';
import { formatCountdown, holdRemainingMs } from '../../../lib/hold';
import { buildIcs, downloadIcs } from '../lib/ics';
import { formatTheatreClock } from 'booking-service/theatre-time';
import { TicketQr } from './ticket-qr';
import { BookingCancellation } from './booking-cancellation';
import { SeatReturn } from './seat-return';
import { GivenBackSeats } from './given-back-seats';
import { cancellationPolicyText } from 'booking-service/cancellation';
import type { BookingStatusText } from 'booking-service/booking-status';
import { CinemaPlace } from '../../../components/cinema-place';
import { placeLine } from '../../../lib/places';
import { seatsWithTypes } from '../lib/seat-types';

/**
 * One booking: poster, title, runtime, show time, amount, tickets and seats.
 * Unpaid with a payment link: Pay Now and the time left on the hold, Pay Now
 * disappearing when it runs out, and the owner's own help: Check payment (asks
 * the provider now) and Release seats. Cancelled (or its hold lapsed): why, that
 * nothing is owed, and Book again (that show's seat page); refunded: the refund.
 * Paid: the e-ticket with its QR code (from
 * `ticketCode`, or the booking reference until the service provides one) and
 * the cancellation policy, an "Add to calendar" download, and Cancel booking
 * and Cancel some seats while the policy allows it (else why not). Seats given
 * back are listed with their refund; the ticket lists the seats kept.
 */
export function BookingCard({
  booking,
  now,
  timeZone,
  currency,
  cancellationCutoffMinutes,
}: {
  booking: BookingWithTicket;
  now: number;
  timeZone: string | undefined;
  currency: string;
  /** The service's cancellation policy (CANCELLATION_CUTOFF_MINUTES, from /api/config). */
  cancellationCutoffMinutes: number;
}) {
  const movie = booking.show.movie;
  const remaining = holdRemainingMs(booking.holdExpiresAt, now);
  const cancelled = booking.status === 'cancelled';
  const unpaid = !booking.isPaid && !cancelled;
  const payable = unpaid && Boolean(booking.paymentLink) && remaining > 0;
  // Not paid and no longer held: cancelled, or its hold ran out before the sweeper released it.
  const ended = !booking.isPaid && !payable;
  const refunded = Boolean(booking.refundStatus);
  // Every time of the booking on its show's cinema's clock; the theatre's when the service names no cinema.
  const clock = booking.show.cinema?.timeZone ?? timeZone;
  const bookAgain = `/movies/${movie._id}/${calendarDateIn(booking.show.showDateTime, clock)}?show=${booking.show._id}`;
  const [ticketOpen, setTicketOpen] = useState(false);
  const ticketId = useId();
  const showTime = formatShowTime(booking.show.showDateTime, clock);
  // Its state in the words every page uses: a refunded booking says it was paid, how much, and when cancelled.
  const status = bookingStatusWords({ ...booking, holdLapsed: ended && !cancelled }, { timeZone: clock, currency });
  // A paid booking's ticket, or one paid and then cancelled: its e-ticket stays readable, marked no longer valid.
  const hasTicket = booking.isPaid || (refunded && Boolean(booking.cancelledAt));

  return (
    <article className="c-booking" aria-labelledby={`${ticketId}-title`}>
      <Poster path={movie.poster_path} title={movie.title} className="c-booking__poster" />
      <div className="c-booking__body">
        <div className="c-booking__main">
          <h2 id={`${ticketId}-title`} className="c-booking__title">
            {movie.title}
          </h2>
          <p className="c-muted">{formatRuntime(movie.runtime)}</p>
          <p className="c-booking__when">
            <time dateTime={booking.show.showDateTime}>{showTime}</time>
          </p>
          <CinemaPlace cinema={booking.show.cinema} screen={booking.show.screen} />
          <p>
            <span className="c-badge" data-tone={status.tone}>
              {status.label}
            </span>
          </p>
          {booking.admittedAt && <p className="c-booking__admitted">Admitted {formatTheatreClock(new Date(booking.admittedAt), clock)}</p>}
        </div>
        <div className="c-booking__side">
          {ended && !refunded ? (
            <p className="c-booking__amount c-booking__amount--void">
              <span className="sr-only">Nothing owed: </span>No charge
            </p>
          ) : (
            <p className="c-booking__amount">{formatPrice(booking.amount, currency)}</p>
          )}
          {payable && (
            <>
              <a className="ui-button" href={booking.paymentLink!}>
                Pay Now
              </a>
              <p className="c-booking__hold" role="timer" aria-live="off">
                {formatCountdown(remaining)} left to pay
              </p>
            </>
          )}
          {ended && (
            <>
              {!refunded && <p className="c-muted">{status.detail}</p>}
              <Link className={buttonClass('secondary')} to={bookAgain}>
                Book again
              </Link>
            </>
          )}
          {refunded && <p className="c-muted">{status.detail}</p>}
          {payable && <OwnPaymentHelp bookingId={booking._id} canRelease={payable} />}
          {booking.isPaid && <BookingCancellation booking={booking} now={now} timeZone={clock} currency={currency} cutoffMinutes={cancellationCutoffMinutes} />}
          <SeatReturn booking={booking} now={now} timeZone={clock} currency={currency} cutoffMinutes={cancellationCutoffMinutes} />
          <dl className="c-booking__facts">
            <div>
              <dt>Total Tickets</dt>
              <dd>{booking.bookedSeats.length}</dd>
            </div>
            <div>
              <dt>Seat Number</dt>
              <dd>{booking.bookedSeats.join(', ')}</dd>
            </div>
          </dl>
          <GivenBackSeats booking={booking} timeZone={clock} currency={currency} />
        </div>
      </div>
      {hasTicket && (
        <div className="c-booking__ticket">
          <Button variant="secondary" aria-expanded={ticketOpen} aria-controls={`${ticketId}-ticket`} onClick={() => setTicketOpen((o) => !o)}>
            {ticketOpen ? 'Hide e-ticket' : 'Show e-ticket'}
          </Button>
          {booking.isPaid && (
            <Button variant="ghost" onClick={() => downloadCalendar(booking)}>
              Add to calendar
            </Button>
          )}
          <div id={`${ticketId}-ticket`} hidden={!ticketOpen}>
            {ticketOpen && <ETicket booking={booking} showTime={showTime} policy={cancellationPolicyText(cancellationCutoffMinutes)} status={status} />}
          </div>
        </div>
      )}
    </article>
  );
}

/** Check payment for any unpaid booking (a payment may have gone through); Release seats while they are held. */
function OwnPaymentHelp({ bookingId, canRelease }: { bookingId: string; canRelease: boolean }) {
  const recheck = useRecheckPayment();
  const release = useReleaseBooking();
  return (
    <div className="c-booking__help">
      <Button variant="secondary" onClick={() => recheck.mutate(bookingId)} aria-busy={recheck.isPending || undefined} disabled={recheck.isPending}>
        {recheck.isPending ? 'Checking payment…' : 'Check payment'}
      </Button>
      {canRelease && (
        <Button variant="ghost" onClick={() => release.mutate(bookingId)} aria-busy={release.isPending || undefined} disabled={release.isPending}>
          {release.isPending ? 'Releasing…' : 'Release seats'}
        </Button>
      )}
    </div>
  );
}

/**
 * The e-ticket: the QR with its code printed under it, the show, where, the seats and the booking's state in the words
 * every page uses. A ticket paid and then cancelled keeps its facts but no QR: it says it is not valid and why.
 */
function ETicket({ booking, showTime, policy, status }: { booking: BookingWithTicket; showTime: string; policy: string; status: BookingStatusText }) {
  const code = booking.ticketCode;
  const valid = booking.isPaid;
  return (
    <section className="c-eticket" data-valid={valid} aria-label={`E-ticket for ${booking.show.movie.title}`}>
      <div className="c-eticket__code">
        {valid && code ? (
          <TicketQr code={code} />
        ) : (
          <p className="c-eticket__ref-note">{valid ? 'Show this booking reference at the entrance.' : 'This ticket is no longer valid: it will not admit at the door.'}</p>
        )}
      </div>
      <dl className="c-eticket__facts">
        <div>
          <dt>Status</dt>
          <dd>
            {status.label}
            {status.detail && <span className="c-eticket__status-detail">{status.detail}</span>}
          </dd>
        </div>
        <div>
          <dt>Movie</dt>
          <dd>{booking.show.movie.title}</dd>
        </div>
        <div>
          <dt>Show time</dt>
          <dd>{showTime}</dd>
        </div>
        <CinemaPlace cinema={booking.show.cinema} screen={booking.show.screen} as="dl-items" />
        <div>
          <dt>Seats</dt>
          <dd>{seatsWithTypes(booking.bookedSeats, booking.seatTypes)}</dd>
        </div>
        {booking.returnedSeats && booking.returnedSeats.length > 0 && (
          <div>
            <dt>Given back</dt>
            <dd>{booking.returnedSeats.join(', ')}: not on this ticket</dd>
          </div>
        )}
        <div>
          <dt>{code ? 'Ticket code' : 'Booking reference'}</dt>
          <dd className="c-mono">
            {code ?? booking._id}
            {!valid && ' (not valid)'}
          </dd>
        </div>
        {valid && (
          <div>
            <dt>Cancellation</dt>
            <dd>{policy}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function downloadCalendar(booking: BookingWithTicket) {
  const movie = booking.show.movie;
  const ics = buildIcs({
    uid: `${booking._id}@marquee`,
    title: `${movie.title} (Marquee)`,
    start: new Date(booking.show.showDateTime),
    durationMinutes: movie.runtime,
    description: [
      `Seats: ${booking.bookedSeats.join(', ')}`,
      `Booking reference: ${booking.ticketCode ?? booking._id}`,
      ...(booking.show.cinema ? [`Map: ${booking.show.cinema.mapUrl}`] : []),
    ].join('\n'),
    location: placeLine(booking.show),
    url: `${window.location.origin}/my-bookings`,
  });
  const slug = movie.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  downloadIcs(`${slug || 'movie'}-${booking._id.slice(0, 8)}.ics`, ics);
}
