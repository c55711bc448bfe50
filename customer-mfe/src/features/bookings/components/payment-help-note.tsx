import { Link } from 'react-router-dom';

/** While seats are held: one line to open, not a 380 px box above the tickets on every visit. */
export function PaymentHelpNote() {
  return (
    <aside aria-label="Payment help">
      <details className="c-help">
        <summary className="c-help__title">Paid but still see Pay Now?</summary>
        <p>
          Payment status syncs automatically within 30 seconds. Press Check payment on the booking to ask the payment provider now.
          Still stuck? <Link to="/payment-help">Payment help</Link> explains what happens to your money and seats.
        </p>
      </details>
    </aside>
  );
}
