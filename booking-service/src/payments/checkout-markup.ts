import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';

/**
 * The checkout's HTML frame, whichever provider takes the payment: one stylesheet (by nonce), the booking's
 * summary, the notice page of a link that takes no payment, and the Content Security Policy they are served
 * under. No external assets. The local checkout's card form builds on it (local/card-form-markup.ts).
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
  /** The cancellation policy as it will apply if paid now, on the card form: absent on notices. */
  policy?: string;
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

export function page(title: string, nonce: string, body: string, withScript: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>${withScript ? '\n<script src="/api/checkout/assets/checkout.js" defer></script>' : ''}</head>
<body><main>${body}</main></body></html>`;
}

export function summary(booking: PageBooking | null): string {
  if (!booking) return '';
  return `<dl>
<dt>Movie</dt><dd>${escapeHtml(booking.movieTitle)}</dd>
<dt>Show time</dt><dd>${escapeHtml(booking.showTime)}</dd>
<dt>Seats</dt><dd>${escapeHtml(booking.seats.join(', '))}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(booking.amount)}</dd>${booking.policy ? `
<dt>Cancellation</dt><dd>${escapeHtml(booking.policy)}</dd>` : ''}
</dl>`;
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

