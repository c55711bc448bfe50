/**
 * Release 0's remotes only (see index.ts): this release shows the test cards on the checkout page.
 * The test card details (spec §2 and §9: test-mode card, no real charges).
 * Inline next to the payment actions (seat page, My Bookings), or floating in
 * the shell once a checkout has started, with a close button.
 */
export function TestPaymentInfo({ floating = false, onClose }: { floating?: boolean; onClose?: () => void }) {
  return (
    <aside className={floating ? 'ui-test-payment ui-test-payment--floating' : 'ui-test-payment'} aria-label="Test Payment Info">
      <div className="ui-test-payment__head">
        <h2>Test Payment Info</h2>
        {onClose && (
          <button type="button" onClick={onClose} aria-label="Close test payment info">
            ×
          </button>
        )}
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
