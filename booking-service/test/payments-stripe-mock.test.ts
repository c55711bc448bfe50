import Stripe from 'stripe';
import { bookingTransitions } from '../src/bookings/guarded-transitions.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckoutBooking, PaymentProvider } from '../src/payments/provider.ts';
import { createStripeProvider } from '../src/payments/stripe/stripe-provider.ts';
import { lanes } from './support/databases.ts';
import { createBooking } from './support/payments.ts';
import { loadSpec, shapeProblems, type StripeObjectName } from './support/stripe-shape.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { startStripeTee, type StripeTee, type TeedCall } from './support/stripe-tee.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The Stripe adapter against Stripe's own API mock (stripe-mock, test/support/stripe-mock-server.ts),
 * which answers from Stripe's OpenAPI specification and refuses a request that does not match it:
 * every call the adapter makes (Checkout Session create, retrieve, expire; refund create) is made
 * against it, through the service composed as production composes it with STRIPE_API_BASE pointing
 * at it. Then the stand-in the stateful tests use (test/support/stripe-stand-in.ts) is checked
 * against it: the same calls, sent to both, answered with the same shape for every field the
 * adapter reads.
 */

const stripeMock = inject('stripeMock');
const pglite = lanes.find((lane) => lane.name === 'pglite')!;
const SECRET_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'; // stripe-mock takes only a key of Stripe's form

const booking: CheckoutBooking = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  amountCents: 2997,
  seats: ['C3', 'C4', 'C5'],
  movieTitle: 'The Long Night',
  showStartsAt: new Date(Date.now() + 86_400_000),
  customerEmail: 'maya@example.com',
};
const urls = { successUrl: 'https://cinema.example/payment-success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://cinema.example/my-bookings' };

/** stripe-mock's address as the adapter's apiBase. */
function mockApiBase(): { protocol: 'http'; host: string; port: number } {
  const url = new URL(stripeMock.url!);
  return { protocol: 'http', host: url.hostname, port: Number(url.port) };
}

describe.skipIf(stripeMock.skipReason !== null || pglite.skipReason !== null)(`the Stripe adapter against ${stripeMock.label}`, () => {
  let t: TestApp;
  let provider: PaymentProvider;

  beforeAll(async () => {
    t = await startTestApp(pglite, { seed: true, env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: stripeMock.url!, SHELL_URL: 'https://cinema.example' } });
    // The provider the service was composed with (composition/payments.ts), from STRIPE_API_BASE.
    provider = t.services.payments.provider;
  });
  afterAll(() => t?.close());

  it("refuses a request that does not match Stripe's schema (so the calls below are checked)", async () => {
    const { host, port } = mockApiBase();
    const stripe = new Stripe(SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
    const wrongValue = { mode: 'paymnt', success_url: urls.successUrl } as unknown as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(wrongValue)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', message: /validation/ });
    const unknownParameter = { payment_intent: 'pi_1', amount: 100, refund_reason_code: 'x' } as unknown as Stripe.RefundCreateParams;
    await expect(stripe.refunds.create(unknownParameter)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it("opens a booking's Checkout Session through the service", async () => {
    const user = await t.tokenFor('user@example.com');
    const { res, booking: held } = await createBooking(t, user, 2);
    expect(held.paymentSessionId).toMatch(/^cs_/);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it('creates sessions of every form the adapter sends: one line per seat, one line, no e-mail, a zero-decimal currency', async () => {
    await expect(provider.createCheckoutSession(booking, urls, new Date(Date.now() + 600_000))).resolves.toMatchObject({ sessionId: expect.stringMatching(/^cs_/) });
    await expect(provider.createCheckoutSession({ ...booking, amountCents: 1001, seats: ['A1', 'A2'], customerEmail: '' }, urls, new Date())).resolves.toBeDefined();
    const yen = createStripeProvider({ secretKey: SECRET_KEY, currency: 'JPY', theatreTimeZone: 'Asia/Tokyo', apiBase: mockApiBase(), timeoutMs: 5_000 });
    await expect(yen.createCheckoutSession({ ...booking, amountCents: 360_000 }, urls, new Date())).resolves.toBeDefined();
  });

  it("refunds a paid booking its owner cancels within the policy, through the service", async () => {
    const user = await t.tokenFor('canceller@example.com');
    const { booking: held } = await createBooking(t, user, 1);
    // stripe-mock keeps no state, so the payment is recorded as the webhook would record it.
    await bookingTransitions(t.store.bookings).confirmPayment(held.id, { now: new Date(), paymentIntentId: 'pi_123' });
    const res = await t.api('POST', `/api/booking/${held.id}/cancel`, { token: user });
    expect(res.body).toMatchObject({ outcome: 'cancelled', booking: { status: 'cancelled', refundStatus: 'refunded' } });
    expect((await t.store.bookings.get(held.id))!).toMatchObject({ isPaid: false, refundStatus: 'refunded', refundId: expect.stringMatching(/^re_/) });
  });

  it('retrieves and expires a session, and refunds by payment intent and through the session', async () => {
    const { sessionId } = await provider.createCheckoutSession(booking, urls, new Date());
    await expect(provider.retrieveSession(sessionId)).resolves.toMatchObject({ id: sessionId });
    // stripe-mock keeps no state: it answers its fixture, checked here for the request's form.
    await expect(provider.expireSession(sessionId)).resolves.toMatchObject({ id: expect.stringMatching(/^cs_/) });
    await expect(provider.refund({ paymentIntentId: 'pi_123', sessionId: null }, 2997, 'seats taken', `refund-${booking.id}`)).resolves.toMatchObject({
      refundId: expect.stringMatching(/^re_/),
    });
    await expect(provider.refund({ paymentIntentId: null, sessionId }, undefined, 'x'.repeat(600), `refund-${booking.id}-2`)).resolves.toMatchObject({
      status: 'succeeded',
    });
  });
});

describe.skipIf(stripeMock.skipReason !== null || pglite.skipReason !== null)(`the stand-in of Stripe's API answers as ${stripeMock.label} does`, () => {
  let standIn: StripeStandIn;
  let tee: StripeTee;
  let provider: PaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    tee = await startStripeTee(standIn.url, stripeMock.url!);
    provider = createStripeProvider({ secretKey: SECRET_KEY, currency: 'USD', theatreTimeZone: 'UTC', apiBase: { protocol: 'http', host: '127.0.0.1', port: tee.port }, timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await tee?.close();
    await standIn?.close();
  });

  const objectOf = (call: TeedCall): StripeObjectName => (call.path.startsWith('/v1/refunds') ? 'refund' : 'checkout.session');

  it("a session's life and its refunds, sent to both: stripe-mock accepts every request and the stand-in answers in Stripe's shape", async () => {
    const open = await provider.createCheckoutSession(booking, urls, new Date());
    await provider.retrieveSession(open.sessionId);
    await provider.expireSession(open.sessionId);
    const paid = await provider.createCheckoutSession(booking, urls, new Date());
    const intent = String(standIn.pay(paid.sessionId).payment_intent);
    await provider.retrieveSession(paid.sessionId);
    await provider.refund({ paymentIntentId: null, sessionId: paid.sessionId }, 2997, 'seats taken', 'refund-a');
    await provider.refund({ paymentIntentId: intent, sessionId: null }, undefined, 'seats taken', 'refund-b');

    expect(tee.calls.map((call) => `${call.method} ${call.path.replace(/cs_\w+/, ':id')}`)).toEqual([
      'POST /v1/checkout/sessions',
      'GET /v1/checkout/sessions/:id',
      'POST /v1/checkout/sessions/:id/expire',
      'POST /v1/checkout/sessions',
      'GET /v1/checkout/sessions/:id',
      'GET /v1/checkout/sessions/:id',
      'POST /v1/refunds',
      'POST /v1/refunds',
    ]);
    const refused = tee.calls.filter((call) => call.stripeMock.status !== 200);
    expect(refused.map((call) => ({ call: `${call.method} ${call.path}`, answer: call.stripeMock.body })), 'requests stripe-mock refused').toEqual([]);
    const spec = loadSpec(stripeMock.specPath!);
    const answered = tee.calls.filter((call) => call.standIn.status === 200);
    expect(answered).toHaveLength(tee.calls.length);
    expect(answered.flatMap((call) => shapeProblems(spec, objectOf(call), call.standIn.body, call.stripeMock.body))).toEqual([]);
  });

  it('the shape check catches a drifted answer', () => {
    const spec = loadSpec(stripeMock.specPath!);
    const call = tee.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    const drifted: Record<string, unknown> = { ...call.standIn.body, amount_total: String(call.standIn.body.amount_total), status: 'paid' };
    delete drifted.payment_status;
    expect(shapeProblems(spec, 'checkout.session', drifted, call.stripeMock.body)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^checkout\.session\.status: the stand-in answers "paid", not one of/),
        "checkout.session.payment_status: missing from the stand-in's answer",
        'checkout.session.amount_total: the stand-in answers string, not integer',
      ]),
    );
  });
});
