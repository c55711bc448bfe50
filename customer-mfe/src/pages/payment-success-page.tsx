import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClass, formatPrice, formatShowTime, notify, PageLayout } from 'shared-ui';
import { isApiError } from 'shared-ui/customer';
import { useSalesSettings, useTheatreTimeZone } from '../lib/public-config';
import { SignInGate } from '../components/sign-in-prompt';
import { Spinner } from '../components/spinner';
import { useVerifyPayment } from '../features/bookings/api/verify-payment';
import { TicketQr } from '../features/bookings/components/ticket-qr';
import { useMyBookings } from '../features/bookings/api/get-my-bookings';
import { CinemaPlace } from '../components/cinema-place';
import { MESSAGES } from '../lib/constants';

/**
 * /payment-success?session_id=…: where the payment provider sends the
 * moviegoer back. Verifies the payment: CONFIRMED, or a processing screen
 * while the provider has not confirmed it yet (spec §4, §5, §8).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();

  useEffect(() => {
    if (sessionId) return;
    notify.error(MESSAGES.invalidSession, { id: 'invalid-session' });
    navigate('/my-bookings', { replace: true });
  }, [sessionId, navigate]);

  if (!sessionId) return <Spinner label="Redirecting" />;
  return (
    <PageLayout>
      <SignInGate title="Sign in to confirm your payment" text="We need to know it is you before showing your booking.">
        <Verification sessionId={sessionId} />
      </SignInGate>
    </PageLayout>
  );
}

function Verification({ sessionId }: { sessionId: string }) {
  const verify = useVerifyPayment(sessionId, true);
  const { timeZone } = useTheatreTimeZone();
  const { currency } = useSalesSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = verify.data?.success === true;
  // Where the show is: the verify answer names no cinema, the moviegoer's own booking does (issue 42).
  const bookingId = verify.data?.booking.bookingId;
  const own = useMyBookings(bookingId !== undefined).data?.bookings.find((b) => b._id === bookingId);

  useEffect(() => {
    if (!verify.isError) return;
    // The service answered "no" (unknown session, not yours…) versus no answer at all.
    const answered = isApiError(verify.error) && verify.error.status > 0;
    notify.error(answered ? MESSAGES.verificationFailed : MESSAGES.verificationError, { id: `verify-${sessionId}` });
    navigate('/my-bookings', { replace: true });
  }, [verify.isError, verify.error, sessionId, navigate]);

  useEffect(() => {
    if (!confirmed) return;
    // Once per payment: reloading this page shows the confirmation, not the toast again.
    if (firstTimeInThisTab(`marquee:paid-toast:${sessionId}`)) notify.success(MESSAGES.paymentConfirmed, { id: `paid-${sessionId}` });
    void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
  }, [confirmed, sessionId, queryClient]);

  if (verify.isPending || verify.isError) {
    return (
      <div className="c-payment">
        <h1 className="c-payment__title">Verifying your payment…</h1>
        <Spinner label="Verifying payment" />
      </div>
    );
  }

  const { booking } = verify.data;
  // The service adds the ticket code once paid (read when present).
  const ticketCode = (booking as { ticketCode?: string | null }).ticketCode;
  const summary = (
    <dl className="c-payment__summary">
      <div>
        <dt>Movie</dt>
        <dd>{booking.movieTitle}</dd>
      </div>
      {booking.showDateTime && (
        <div>
          <dt>Show time</dt>
          <dd>
            <time dateTime={booking.showDateTime}>{formatShowTime(booking.showDateTime, own?.show.cinema?.timeZone ?? timeZone)}</time>
          </dd>
        </div>
      )}
      {own && <CinemaPlace cinema={own.show.cinema} screen={own.show.screen} as="dl-items" />}
      <div>
        <dt>Seats</dt>
        <dd>{booking.seats.join(', ')}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatPrice(booking.amount, currency)}</dd>
      </div>
    </dl>
  );

  if (confirmed) {
    return (
      <div className="c-payment" data-state="confirmed">
        <div className="c-payment__icon" aria-hidden="true">
          ✓
        </div>
        <h1 className="c-payment__title">Payment successful</h1>
        <p className="c-payment__status" role="status">
          CONFIRMED
        </p>
        {summary}
        {ticketCode && <TicketQr code={ticketCode} />}
        <div className="c-payment__actions">
          <Link className={buttonClass()} to="/my-bookings">
            View My Bookings
          </Link>
          <Link className={buttonClass('secondary')} to="/movies">
            Browse Movies
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="c-payment" data-state="processing">
      <Spinner label="Payment processing" />
      <h1 className="c-payment__title">Payment processing</h1>
      <p className="c-muted" role="status">
        The payment provider has not confirmed this payment yet. This page checks again by itself; payment status also syncs
        automatically within 30 seconds.
      </p>
      {summary}
      <div className="c-payment__actions">
        <Link className={buttonClass()} to="/my-bookings">
          Go to My Bookings
        </Link>
      </div>
    </div>
  );
}

/** True the first time a key is seen in this browser tab (sessionStorage survives reloads, not new tabs). */
function firstTimeInThisTab(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage unavailable (private mode quotas): a repeated toast is the lesser harm.
  }
  return true;
}
