import escapeHtml from 'escape-html';
import { page, summary, type PageBooking } from '../checkout-markup.ts';
import type { CardField } from './local-provider.ts';

/**
 * The HTML of the local checkout: a hosted payment page in the manner of Stripe
 * Checkout, served by the service, in the checkout's frame (../checkout-markup.ts).
 * It works without JavaScript (a plain form the server validates); a small script
 * of the same origin only formats the card number and stops a double submit. No
 * external assets; the Content Security Policy allows nothing else.
 */

export interface FormPageOptions {
  booking: PageBooking;
  action: string;
  /** Where "Cancel" posts: it releases the hold, then goes back to My Bookings. */
  cancelAction: string;
  /** When the hold ends, and how long is left of it now (the countdown's first value, before the script runs). */
  holdEndsAt: Date;
  now: Date;
  nonce: string;
  /** The refusal of the last attempt, shown once after the redirect that followed it. */
  error?: { field: CardField | null; message: string };
}

const FIELDS: { field: CardField; id: string; label: string; name: string; attributes: string; wide?: boolean }[] = [
  { field: 'cardNumber', id: 'card-number', label: 'Card number', name: 'cardNumber', attributes: 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"', wide: true },
  { field: 'expiry', id: 'card-expiry', label: 'Expiry', name: 'expiry', attributes: 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"' },
  { field: 'cvc', id: 'card-cvc', label: 'CVC', name: 'cvc', attributes: 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"' },
  { field: 'name', id: 'card-name', label: 'Name on card', name: 'name', attributes: 'autocomplete="cc-name" maxlength="100"', wide: true },
];

/** "mm:ss" of what is left of a hold (0:00 once it has ended). */
export function countdownText(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The test cards, in the page's flow above the form (spec §2 and §9: test mode, no real charges). */
const TEST_CARDS = `<section class="test" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Test mode: no real charges</h2>
<dl>
<dt>Pays</dt><dd class="card">4242 4242 4242 4242</dd>
<dt>Declined</dt><dd class="card">4000 0000 0000 0002</dd>
<dt>Expiry, CVC</dt><dd>any future date, any 3 digits</dd>
</dl>
</section>`;

export function checkoutFormPage(options: FormPageOptions): string {
  const { error } = options;
  // No value is ever written back: a refusal redirects here (post/redirect/get), and the card number and
  // security code never leave the form; the script restores the expiry and name the visitor typed.
  const input = (f: (typeof FIELDS)[number]) => {
    const invalid = error?.field === f.field;
    // After a refusal focus goes where the visitor acts next (autofocus: no script needed): the invalid field.
    return `<label for="${f.id}">${f.label}<input id="${f.id}" name="${f.name}" type="text" required ${f.attributes}${
      invalid ? ' aria-invalid="true" aria-describedby="payment-error" autofocus' : ''
    }></label>`;
  };
  const [number, expiry, cvc, name] = FIELDS;
  const endsAt = options.holdEndsAt.toISOString();
  const body = `<h1>Checkout</h1>
${summary(options.booking)}
<p class="notice" id="hold">Your seats are held for <strong><time id="hold-countdown" datetime="${endsAt}" data-ends="${endsAt}">${countdownText(
    options.holdEndsAt.getTime() - options.now.getTime(),
  )}</time></strong> more.</p>
${TEST_CARDS}
<form method="post" action="${escapeHtml(options.action)}" id="card-form" novalidate>
${error ? `<p class="alert" role="alert" id="payment-error" tabindex="-1"${error.field ? '' : ' autofocus'}>${escapeHtml(error.message)}</p>` : ''}
${input(number!)}
<div class="row">${input(expiry!)}${input(cvc!)}</div>
${input(name!)}
<button type="submit">Pay ${escapeHtml(options.booking.amount)}</button>
</form>
<form method="post" action="${escapeHtml(options.cancelAction)}" class="cancel"><button type="submit" class="link">Cancel and return to My Bookings</button></form>`;
  return page(`Checkout · ${options.booking.movieTitle}`, options.nonce, body, true);
}

/**
 * Formats the card number in groups of four and the expiry as "MM / YY" as they are typed, keeps
 * the expiry and name across a refused attempt (never the card number or security code), counts
 * the hold down each second, and disables Pay once submitted.
 */
export const CHECKOUT_SCRIPT = `(() => {
  const form = document.getElementById('card-form');
  const number = document.getElementById('card-number');
  const expiry = document.getElementById('card-expiry');
  const kept = ['card-expiry', 'card-name'];
  const storeKey = 'checkout:' + location.pathname;
  if (number) number.addEventListener('input', () => {
    const digits = number.value.replace(/\\D/g, '').slice(0, 19);
    const grouped = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (grouped !== number.value) number.value = grouped;
  });
  if (expiry) expiry.addEventListener('input', (event) => {
    const deleting = event.inputType && event.inputType.startsWith('delete');
    let digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    if (digits.length === 1 && digits > '1') digits = '0' + digits;
    const formatted = digits.length > 2 || (digits.length === 2 && !deleting) ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
    if (formatted !== expiry.value) expiry.value = formatted;
  });
  try {
    const saved = JSON.parse(sessionStorage.getItem(storeKey) || '{}');
    if (document.getElementById('payment-error')) for (const id of kept) { const field = document.getElementById(id); if (field && saved[id]) field.value = saved[id]; }
    sessionStorage.removeItem(storeKey);
  } catch { /* storage refused: the fields start empty */ }
  if (form) form.addEventListener('submit', () => {
    try { sessionStorage.setItem(storeKey, JSON.stringify(Object.fromEntries(kept.map((id) => [id, document.getElementById(id).value])))); } catch { /* storage refused */ }
    const button = form.querySelector('button[type=submit]');
    if (button) setTimeout(() => { button.disabled = true; }, 0);
  });
  const countdown = document.getElementById('hold-countdown');
  if (countdown) {
    const ends = Date.parse(countdown.dataset.ends);
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      countdown.textContent = Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
      if (seconds > 0) return;
      clearInterval(timer);
      document.getElementById('hold').textContent = 'The hold on your seats has ended; they are being released.';
      const pay = form && form.querySelector('button[type=submit]');
      if (pay) pay.disabled = true;
    };
    const timer = setInterval(tick, 1000);
  }
})();
`;
