import { Link } from 'react-router-dom';
import { buttonClass } from 'shared-ui';
import { Spinner } from '../../../components/spinner';
import { useSalesSettings, useTheatreTimeZone } from '../../../lib/public-config';
import { usePaymentVerification } from '../hooks/use-payment-verification';
import { PaymentSummary } from './payment-summary';
import { TicketQr } from './ticket-qr';

/** A checkout session's payment: verifying, then CONFIRMED with the ticket, or processing while the provider has not confirmed it. */
export function PaymentVerification({ sessionId }: { sessionId: string }) {
  const { verify, confirmed, own } = usePaymentVerification(sessionId);
  const { timeZone } = useTheatreTimeZone();
  const { currency } = useSalesSettings();

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
  const summary = <PaymentSummary booking={booking} own={own} timeZone={timeZone} currency={currency} />;

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
