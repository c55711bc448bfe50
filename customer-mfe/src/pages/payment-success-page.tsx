import { useSearchParams } from 'react-router-dom';
import { PageLayout } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { Spinner } from '../components/spinner';
import { PaymentVerification } from '../features/bookings/components/payment-verification';
import { useSessionRequired } from '../features/bookings/hooks/use-session-required';

/**
 * /payment-success?session_id=…: where the payment provider sends the
 * moviegoer back. Verifies the payment: CONFIRMED, or a processing screen
 * while the provider has not confirmed it yet (spec §4, §5, §8).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  useSessionRequired(sessionId);

  if (!sessionId) return <Spinner label="Redirecting" />;
  return (
    <PageLayout>
      <SignInGate title="Sign in to confirm your payment" text="We need to know it is you before showing your booking.">
        <PaymentVerification sessionId={sessionId} />
      </SignInGate>
    </PageLayout>
  );
}
