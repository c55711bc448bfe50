import { DEFAULT_SCREEN_ID } from '../../src/cinemas/built-in-chain.ts';
import { signStripePayload } from '../../src/payments/stripe/webhook-secret.ts';
import type { ApiResponse, TestApp } from './test-app.ts';
import { TEST_WEBHOOK_SECRET } from './test-app.ts';

/** Helpers of the payment tests: free seats, the local checkout form, signed webhook events. */

let seatCursor = 0;

/**
 * An upcoming show on the spec's hall (its A-J x 9 seat ids) and `count` seats of it no one holds (each call takes other
 * seats). On the hall whatever the hour: the seed plays every screen, each on its cinema's clock, so the first show after
 * now may be on another layout (a companion seat beside a wheelchair space).
 */
export async function freeSeats(t: TestApp, count = 2, showIndex = 0): Promise<{ showId: string; seats: string[] }> {
  const shows = (await t.store.shows.listWithSeats({ from: new Date() })).filter(
    (s) => s.startsAt.getTime() > Date.now() + 3 * 3600_000 && s.screenId === DEFAULT_SCREEN_ID && s.cancelledAt === null,
  );
  const show = shows[showIndex % shows.length]!;
  const taken = new Set(Object.keys(show.occupiedSeats));
  const rows = 'ABCDEFGHIJ';
  const seats: string[] = [];
  for (let i = 0; seats.length < count && i < 90; i++) {
    const n = (seatCursor + i) % 90;
    const seat = `${rows[Math.floor(n / 9)]}${(n % 9) + 1}`;
    if (!taken.has(seat)) seats.push(seat);
  }
  seatCursor = (seatCursor + count + 1) % 90;
  return { showId: show.id, seats };
}

export async function createBooking(t: TestApp, token: string, count = 2, showIndex = 0) {
  let { showId, seats } = await freeSeats(t, count, showIndex);
  let res = await t.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats: seats } });
  // This account's own lapsed hold keeps a seat from it for a while (the hold caps): the next free seats then. The
  // chain-wide seed leaves the spec's hall fewer shows, so a test file meets its own earlier seats sooner.
  for (let tries = 0; res.status === 409 && /ended unpaid/.test(res.body.message ?? '') && tries < 10; tries++) {
    ({ showId, seats } = await freeSeats(t, count, showIndex));
    res = await t.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats: seats } });
  }
  if (res.status !== 200) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  const booking = (await t.store.bookings.get(res.body.bookingId))!;
  return { res, booking, showId, seats };
}

/**
 * Posts the local checkout's card form as a browser would. A refusal redirects back to the payment
 * page (post/redirect/get): that page is fetched, as the browser would, and is the `html`; other
 * redirects (to the shell) are not followed.
 */
export async function submitCard(
  t: TestApp,
  paymentUrl: string,
  card: Partial<{ cardNumber: string; expiry: string; cvc: string; name: string }> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const fields = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Maya Moviegoer', ...card };
  const response = await fetch(`${t.baseUrl}${new URL(paymentUrl).pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status === 303 && location?.startsWith('/api/checkout/sessions/')) {
    return { status: response.status, location, html: await (await fetch(`${t.baseUrl}${location}`)).text() };
  }
  return { status: response.status, location, html: await response.text() };
}

export interface SessionFields {
  id: string;
  bookingId: string;
  amountCents: number;
  currency?: string;
  status?: 'open' | 'complete' | 'expired';
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId?: string | null;
}

/** A Stripe event about a Checkout Session, as Stripe sends it. */
export function sessionEvent(type: string, session: SessionFields, eventId = `evt_test_${Math.random().toString(36).slice(2)}`): { id: string; payload: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        amount_total: session.amountCents,
        currency: (session.currency ?? 'usd').toLowerCase(),
        client_reference_id: session.bookingId,
        metadata: { bookingId: session.bookingId },
        mode: 'payment',
        payment_intent: session.paymentIntentId ?? null,
        payment_status: session.paymentStatus ?? 'paid',
        status: session.status ?? 'complete',
        url: null,
      },
    },
  });
  return { id: eventId, payload };
}

/** POSTs a webhook, signed with the test secret at `timestamp` (seconds) unless a signature is given. */
export function postWebhook(
  t: TestApp,
  payload: string,
  options: { timestamp?: number; signature?: string | null; secret?: string; contentType?: string } = {},
): Promise<ApiResponse> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = options.signature === undefined ? signStripePayload(payload, options.secret ?? TEST_WEBHOOK_SECRET, timestamp) : options.signature;
  return t.api('POST', '/api/stripe/webhook', {
    rawBody: payload,
    headers: { 'content-type': options.contentType ?? 'application/json', ...(signature !== null ? { 'stripe-signature': signature } : {}) },
  });
}

/** Waits until `check` is true (polling), or fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
