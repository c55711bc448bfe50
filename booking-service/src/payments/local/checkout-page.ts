import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import type { CardField } from './cards.ts';

/**
 * The HTML of the local checkout: a hosted payment page in the manner of Stripe
 * Checkout, served by the service. It works without JavaScript (a plain form
 * the server validates); a small script of the same origin only formats the
 * card number and stops a double submit. No external assets; the Content
 * Security Policy allows nothing else.
 */

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * No script but ours, no style but the page's own (by nonce), no images, no
 * framing; the form may post to this service and its success redirect may go to
 * the shell (Chromium applies form-action to the redirect after a submit too).
 */
export function checkoutCsp(nonce: string, shellOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action 'self' ${shellOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export interface PageBooking {
  movieTitle: string;
  showTime: string;
  seats: string[];
  amount: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090b;color:#f4f4f5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(30rem,100% - 2rem);margin:2rem 0;padding:2rem;border:1px solid #3f3f46;border-radius:1rem;background:#18181b}
h1{margin:0 0 1rem;font-size:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#a1a1aa}dd{margin:0}
.amount{font-size:1.25rem;font-weight:700}
form{display:grid;gap:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
label{display:grid;gap:.35rem;font-weight:600}
input{width:100%;padding:.7rem .8rem;border:1px solid #52525b;border-radius:.5rem;background:#09090b;color:#f4f4f5;font:inherit}
input:focus{outline:3px solid #f84565;outline-offset:1px}
input[aria-invalid=true]{border-color:#fb7185}
button{padding:.8rem;border:0;border-radius:.5rem;background:#be123c;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:disabled{opacity:.7;cursor:progress}
.alert{margin:0;padding:.75rem 1rem;border-radius:.5rem;background:#4c0519;border:1px solid #fb7185;color:#fecdd3}
.notice{margin:0 0 1rem;padding:.75rem 1rem;border-radius:.5rem;background:#27272a;color:#e4e4e7}
.test{margin:0 0 1.5rem;padding:.75rem 1rem;border:1px dashed #52525b;border-radius:.5rem;font-size:.875rem}
.test h2{margin:0 0 .5rem;font-size:1rem}
.test dl{margin:0}
.test dd{font-family:ui-monospace,monospace}
.test dd.card{white-space:nowrap}
.cancel{margin-top:1.5rem}
button.link{padding:0;background:none;color:#fda4af;font-weight:400;text-decoration:underline}
a{color:#fda4af}
`;

function page(title: string, nonce: string, body: string, withScript: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>${withScript ? '\n<script src="/api/checkout/assets/checkout.js" defer></script>' : ''}</head>
<body><main>${body}</main></body></html>`;
}

function summary(booking: PageBooking | null): string {
  if (!booking) return '';
  return `<dl>
<dt>Movie</dt><dd>${escapeHtml(booking.movieTitle)}</dd>
<dt>Show time</dt><dd>${escapeHtml(booking.showTime)}</dd>
<dt>Seats</dt><dd>${escapeHtml(booking.seats.join(', '))}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(booking.amount)}</dd>
</dl>`;
}

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
    return `<label for="${f.id}">${f.label}<input id="${f.id}" name="${f.name}" type="text" required ${f.attributes}${
      invalid ? ' aria-invalid="true" aria-describedby="payment-error"' : ''
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
${error ? `<p class="alert" role="alert" id="payment-error">${escapeHtml(error.message)}</p>` : ''}
${input(number!)}
<div class="row">${input(expiry!)}${input(cvc!)}</div>
${input(name!)}
<button type="submit">Pay ${escapeHtml(options.booking.amount)}</button>
</form>
<form method="post" action="${escapeHtml(options.cancelAction)}" class="cancel"><button type="submit" class="link">Cancel and return to My Bookings</button></form>`;
  return page(`Checkout · ${options.booking.movieTitle}`, options.nonce, body, true);
}

/** A page that takes no payment: paid, expired, cancelled, unknown, or the provider is unavailable. */
export function noticePage(options: {
  title: string;
  message: string;
  booking: PageBooking | null;
  links: { href: string; text: string }[];
  nonce: string;
}): string {
  const body = `<h1>${escapeHtml(options.title)}</h1>
${summary(options.booking)}
<p class="notice" role="status">${escapeHtml(options.message)}</p>
${options.links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></p>`).join('\n')}`;
  return page(options.title, options.nonce, body, false);
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
