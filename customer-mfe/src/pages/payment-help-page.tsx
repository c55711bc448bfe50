import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass, PageLayout } from 'shared-ui';
import { useCustomerApi } from 'shared-ui/customer';
import { publicConfigQueryOptions } from '../lib/public-config';

/**
 * Payment help for moviegoers (the footer's "Payment help" and My Bookings'
 * help box lead here): what happens to seats and money, and what they can do
 * themselves from My Bookings. Support's /debug stays for support staff.
 */
export function PaymentHelpPage() {
  const config = useQuery(publicConfigQueryOptions(useCustomerApi()));
  const holdMinutes = config.data?.holdMinutes;
  const held = holdMinutes ? `${holdMinutes} minutes` : 'a few minutes';
  return (
    <PageLayout title="Payment help">
      <div className="c-help-page">
        <section aria-labelledby="help-paid">
          <h2 id="help-paid">I paid, but My Bookings still shows Pay Now</h2>
          <p>
            Payment status syncs automatically within 30 seconds. To ask the payment provider right away, open My Bookings and press{' '}
            <strong>Check payment</strong> on the booking: if your payment went through, the booking turns Paid and your e-ticket
            appears.
          </p>
        </section>
        <section aria-labelledby="help-hold">
          <h2 id="help-hold">How long are my seats kept?</h2>
          <p>
            When you proceed to checkout, your seats are held for you for {held}. My Bookings and the seat page show the time left
            and a <strong>Resume payment</strong> link. If the time runs out unpaid, the seats are released and nothing is charged.
          </p>
        </section>
        <section aria-labelledby="help-release">
          <h2 id="help-release">I changed my mind about the seats</h2>
          <p>
            Press <strong>Release seats</strong> on the booking (in My Bookings, or on the seat page of that show): the seats are
            given back at once and the payment page stops accepting payment.
          </p>
        </section>
        <section aria-labelledby="help-late">
          <h2 id="help-late">I paid after the time ran out</h2>
          <p>
            If the seats were still free, they are yours again and the booking is paid. If someone else had taken them meanwhile,
            your payment is refunded in full automatically, and we email you about it.
          </p>
        </section>
        <section aria-labelledby="help-test">
          <h2 id="help-test">Which card do I use?</h2>
        </section>
        <Link className={buttonClass()} to="/my-bookings">
          Go to My Bookings
        </Link>
      </div>
    </PageLayout>
  );
}
