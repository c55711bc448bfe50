import { Type } from 'typebox';
import type { AppDeps } from '../app-deps.ts';
import { UuidPattern } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The page a booking's payment link opens until a payment provider is
 * configured: it shows what is held and until when, and says plainly that
 * card payment is not available on this server yet.
 */
export async function checkoutRoutes(app: AppInstance, { store, config }: AppDeps) {
  app.get(
    '/api/checkout/:bookingId',
    {
      schema: {
        tags: ['payments'],
        summary: 'Checkout page of a booking (HTML)',
        params: Type.Object({ bookingId: Type.String({ pattern: UuidPattern }) }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const booking = await store.bookings.getWithDetails(request.params.bookingId);
      if (!booking) throw notFound('Booking not found');
      const time = (d: Date) =>
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: config.theatreTimeZone }).format(d);
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: config.currency }).format(booking.amountCents / 100);
      const status = booking.isPaid
        ? '<p role="status">This booking is paid. Enjoy the show!</p>'
        : `<p role="status">Card payment is not enabled on this server yet. Your seats are held until ${escapeHtml(
            time(booking.holdExpiresAt),
          )}; the support desk can confirm the payment.</p>`;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout · ${escapeHtml(booking.show.movie.title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#09090b;color:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;border:1px solid #3f3f46;border-radius:1rem;background:#18181b}dt{color:#a1a1aa}dd{margin:0 0 .75rem}a{color:#f84565}</style></head>
<body><main><h1>Checkout</h1><dl>
<dt>Movie</dt><dd>${escapeHtml(booking.show.movie.title)}</dd>
<dt>Show time</dt><dd>${escapeHtml(time(booking.show.startsAt))}</dd>
<dt>Seats</dt><dd>${escapeHtml(booking.seats.join(', '))}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd></dl>${status}
<p><a href="${escapeHtml(config.shellUrl)}/my-bookings">Back to My Bookings</a></p></main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    },
  );
}
