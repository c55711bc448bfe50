import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.ts';
import { PaymentProviderError, type CheckoutBooking, type PaymentProvider } from '../provider.ts';
import { createStripeProvider, stripeSessionExpiry } from './stripe-provider.ts';
import { fromStripeAmount, fromStripeSession, toStripeAmount } from './stripe-format.ts';
import { signStripePayload } from './webhook-secret.ts';

/** The Stripe adapter through stripe-node against a local stand-in of Stripe's API (no network). */

const NOW = new Date('2031-05-01T12:00:00.000Z');
const booking: CheckoutBooking = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  amountCents: 2997, // 3 x 9.99: cents are kept
  seats: ['C3', 'C4', 'C5'],
  movieTitle: 'The Long Night',
  showStartsAt: new Date('2031-05-02T19:30:00.000Z'),
  customerEmail: 'maya@example.com',
};
const urls = {
  successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/my-bookings',
};

describe('Stripe adapter against a stand-in of the Stripe API', () => {
  let stripe: StripeStandIn;
  let provider: PaymentProvider;

  const make = (overrides: Partial<Parameters<typeof createStripeProvider>[0]> = {}) =>
    createStripeProvider({
      secretKey: 'sk_test_standin',
      currency: 'USD',
      theatreTimeZone: 'UTC',
      apiBase: { protocol: 'http', host: '127.0.0.1', port: stripe.port },
      timeoutMs: 2_000,
      now: () => NOW,
      ...overrides,
    });

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    provider = make();
  });
  afterAll(() => stripe?.close());
  beforeEach(() => {
    stripe.requests.length = 0;
    stripe.delayMs = 0;
    stripe.failNext = 0;
  });

  it('creates a Checkout Session in the currency with integer cents, metadata, URLs from configuration and the expiry', async () => {
    const holdEnds = new Date(NOW.getTime() + 10 * 60_000);
    const created = await provider.createCheckoutSession(booking, urls, holdEnds);
    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.test/c/pay/${created.sessionId}`);

    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request!.headers.authorization).toBe('Bearer sk_test_standin');
    expect(request!.body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '3', price_data: { currency: 'usd', unit_amount: '999', product_data: { name: 'The Long Night: 3 tickets' } } }],
      metadata: { bookingId: booking.id },
      client_reference_id: booking.id,
      payment_intent_data: { metadata: { bookingId: booking.id } },
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      customer_email: 'maya@example.com',
    });
    expect((request!.body.line_items as { price_data: { product_data: { description: string } } }[])[0]!.price_data.product_data.description).toContain(
      'seats C3, C4, C5',
    );
    // Stripe's minimum lifetime is 30 minutes: the session outlives a 10-minute hold and the sweeper expires it.
    expect(Number(request!.body.expires_at)).toBe(Math.floor(NOW.getTime() / 1000) + 31 * 60);
    expect(stripe.sessions.get(created.sessionId)!.amount_total).toBe(2997);
  });

  it('keeps a long hold as the session expiry', () => {
    const hold = new Date(NOW.getTime() + 2 * 3600_000);
    expect(stripeSessionExpiry(hold, NOW)).toEqual(hold);
    expect(stripeSessionExpiry(new Date(NOW.getTime() + 60_000), NOW)).toEqual(new Date(NOW.getTime() + 31 * 60_000));
  });

  it('sends one line for an amount that does not divide by the seats, and whole units for a zero-decimal currency', async () => {
    await provider.createCheckoutSession({ ...booking, amountCents: 1001, seats: ['A1', 'A2'] }, urls, NOW);
    expect(stripe.requests.at(-1)!.body.line_items).toMatchObject([{ quantity: '1', price_data: { unit_amount: '1001' } }]);
    const yen = make({ currency: 'JPY' });
    await yen.createCheckoutSession({ ...booking, amountCents: 360_000, seats: ['A1', 'A2'] }, urls, NOW);
    expect(stripe.requests.at(-1)!.body.line_items).toMatchObject([{ quantity: '2', price_data: { currency: 'jpy', unit_amount: '1800' } }]);
  });

  it('retrieves a session as the service reads it, and null for an unknown one', async () => {
    const { sessionId } = await provider.createCheckoutSession(booking, urls, NOW);
    expect(await provider.retrieveSession(sessionId)).toEqual({
      id: sessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      amountTotal: 2997,
      currency: 'USD',
      bookingId: booking.id,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
    });
    const paid = stripe.pay(sessionId);
    expect(await provider.retrieveSession(sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid', paymentIntentId: paid.payment_intent });
    expect(await provider.retrieveSession('cs_test_unknown')).toBeNull();
  });

  it('expires an open session; a session that is complete already is reported as it is', async () => {
    const open = await provider.createCheckoutSession(booking, urls, NOW);
    expect(await provider.expireSession(open.sessionId)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect(await provider.expireSession(open.sessionId)).toMatchObject({ status: 'expired' });
    const paid = await provider.createCheckoutSession(booking, urls, NOW);
    stripe.pay(paid.sessionId);
    expect(await provider.expireSession(paid.sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(await provider.expireSession('cs_test_unknown')).toBeNull();
  });

  it('refunds a payment once per idempotency key, by payment intent or through the session', async () => {
    const { sessionId } = await provider.createCheckoutSession(booking, urls, NOW);
    const paid = stripe.pay(sessionId);
    const refund = await provider.refund({ paymentIntentId: null, sessionId }, 2997, 'seats taken', `refund-${booking.id}`);
    expect(refund).toEqual({ refundId: expect.stringMatching(/^re_test_/), status: 'succeeded' });
    const request = stripe.requests.find((r) => r.path === '/v1/refunds')!;
    expect(request.body).toMatchObject({ payment_intent: paid.payment_intent, amount: '2997', reason: 'requested_by_customer', metadata: { reason: 'seats taken' } });
    expect(request.headers['idempotency-key']).toBe(`refund-${booking.id}`);
    const again = await provider.refund({ paymentIntentId: String(paid.payment_intent), sessionId }, 2997, 'seats taken', `refund-${booking.id}`);
    expect(again.refundId).toBe(refund.refundId);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('turns a timeout into an "unavailable" error, within the configured time', async () => {
    const slow = make({ timeoutMs: 150 });
    stripe.delayMs = 1_000;
    const started = Date.now();
    const error = await slow.createCheckoutSession(booking, urls, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    // One retry (maxNetworkRetries: 1) with backoff, never Stripe's default 80 s.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('retries a 500 once, then reports the provider unavailable; a bad request is "refused"', async () => {
    stripe.failNext = 1;
    const created = await provider.createCheckoutSession(booking, urls, NOW);
    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(2);
    // The retry carried the same idempotency key as the first attempt.
    const keys = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);

    stripe.failNext = 5;
    await expect(provider.retrieveSession('cs_test_x')).rejects.toMatchObject({ kind: 'unavailable' });
    stripe.failNext = 0;
    await expect(provider.refund({ paymentIntentId: 'pi_unknown', sessionId: null }, 100, 'x', 'k1')).rejects.toMatchObject({ kind: 'refused' });
    const wrongKey = make({ secretKey: 'sk_live_wrong' });
    await expect(wrongKey.retrieveSession('cs_test_x')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reports a provider that is not listening as unavailable', async () => {
    const down = createStripeProvider({ secretKey: 'sk_test_x', currency: 'USD', theatreTimeZone: 'UTC', apiBase: { protocol: 'http', host: '127.0.0.1', port: 1 }, timeoutMs: 500 });
    await expect(down.createCheckoutSession(booking, urls, NOW)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe("Stripe's formats", () => {
  it('converts cents to and from the currency\'s smallest unit', () => {
    expect(toStripeAmount(1999, 'USD')).toBe(1999);
    expect(toStripeAmount(150_000, 'JPY')).toBe(1500);
    expect(() => toStripeAmount(150_050, 'JPY')).toThrow(/no minor unit/);
    expect(toStripeAmount(1250, 'KWD')).toBe(12500);
    expect(fromStripeAmount(1500, 'jpy')).toBe(150_000);
    expect(fromStripeAmount(12500, 'KWD')).toBe(1250);
    expect(fromStripeAmount(1999, 'eur')).toBe(1999);
  });

  it('reads a session object from an event, with the payment intent expanded or not', () => {
    const base = { id: 'cs_1', object: 'checkout.session', amount_total: 500, currency: 'usd', metadata: { bookingId: 'b1' } };
    expect(fromStripeSession({ ...base, status: 'complete', payment_status: 'paid', payment_intent: { id: 'pi_1' } })).toMatchObject({
      paymentIntentId: 'pi_1',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: 500,
      currency: 'USD',
      bookingId: 'b1',
    });
    expect(fromStripeSession({ id: 'cs_2', client_reference_id: 'b2' })).toMatchObject({ status: 'open', paymentStatus: 'unpaid', bookingId: 'b2', amountTotal: 0 });
  });

  it('signs payloads the way stripe-node verifies them', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'x', data: { object: {} } });
    const at = Math.floor(Date.now() / 1000);
    const header = signStripePayload(payload, 'whsec_abcdefgh', at);
    expect(header).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abcdefgh', timestamp: at }));
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_abcdefgh', 300).id).toBe('evt_1');
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other_secret', 300)).toThrow();
  });
});
