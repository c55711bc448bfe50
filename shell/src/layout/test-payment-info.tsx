import { useCheckoutStore } from 'shared-ui';

/** The floating box with test card details, shown once a checkout starts (spec §2). */
export function TestPaymentInfo() {
  const { checkoutStarted, dismiss } = useCheckoutStore();
  if (!checkoutStarted) return null;
  return (
    <aside className="shell-test-payment" aria-label="Test Payment Info">
      <div className="shell-test-payment__head">
        <h2>Test Payment Info</h2>
        <button type="button" onClick={dismiss} aria-label="Close test payment info">
          ×
        </button>
      </div>
      <p>This is a test-mode checkout: no real charges.</p>
      <dl>
        <dt>Card number</dt>
        <dd>4242 4242 4242 4242</dd>
        <dt>Expiry</dt>
        <dd>Any future date</dd>
        <dt>CVC</dt>
        <dd>Any 3 digits</dd>
      </dl>
    </aside>
  );
}
