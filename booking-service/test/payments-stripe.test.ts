import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { createBooking, eventually, postWebhook } from './support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * The service on the Stripe adapter (pointed at a local stand-in of Stripe's
 * API): reconciliation of lost webhooks, late payments both ways, refunds,
 * provider timeouts, fix-payment and a restart in the middle of a payment.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`payments with Stripe on ${lane.name}`, () => {
    let stripe: StripeStandIn;
    let store: Store;
    let t: TestApp;
    let user: string;
    let rival: string;
    let support: string;
    let clock = Date.now();
    const now = () => new Date(clock);
    let env: Record<string, string>;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      env = { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stripe.url, STRIPE_TIMEOUT_MS: '300', SHELL_URL: 'https://cinema.example' };
      store = await lane.openStore();
      t = await startTestApp(lane, { store, seed: true, now, env });
      user = await t.tokenFor('user@example.com');
      rival = await t.tokenFor('rival@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
      await stripe?.close();
    });
    beforeEach(() => {
      clock = Date.now();
      stripe.delayMs = 0;
      stripe.failNext = 0;
    });

    const seconds = () => Math.floor(clock / 1000);
    const deliver = (type: string, sessionId: string, eventId?: string) => {
      const event = stripe.event(type, sessionId, eventId);
      return postWebhook(t, event.payload, { timestamp: seconds() });
    };
    const mails = async (bookingId: string) => (await t.store.outbox.list(10_000)).filter((m) => m.bookingId === bookingId).map((m) => m.kind).sort();

    it('opens a Stripe Checkout Session per booking, with the URLs from configuration', async () => {
      const { res, booking } = await createBooking(t, user, 2);
      const session = stripe.sessions.get(booking.paymentSessionId!)!;
      expect(res.body.url).toBe(session.url);
      expect(booking.paymentLink).toBe(session.url);
      expect(session).toMatchObject({
        amount_total: booking.amountCents,
        currency: 'usd',
        metadata: { bookingId: booking.id },
        success_url: 'https://cinema.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://cinema.example/my-bookings',
        customer_email: 'user@example.com',
      });
      expect(session.expires_at).toBe(Math.floor(clock / 1000) + 31 * 60);
      expect((await t.api('GET', '/api/config')).body.paymentProvider).toBe('stripe');
      // Stripe hosts the page: the local checkout is not served.
      expect((await t.api('GET', '/api/checkout/sessions/cs_local_x')).status).toBe(404);
    });

    it('webhook: checkout.session.completed pays the booking; a lost webhook is caught by the reconciliation', async () => {
      const viaWebhook = await createBooking(t, user, 1);
      stripe.pay(viaWebhook.booking.paymentSessionId!);
      expect((await deliver('checkout.session.completed', viaWebhook.booking.paymentSessionId!)).status).toBe(200);
      expect((await t.store.bookings.get(viaWebhook.booking.id))!.isPaid).toBe(true);

      const lost = await createBooking(t, user, 1);
      const paid = stripe.pay(lost.booking.paymentSessionId!);
      // No webhook ever arrives.
      const result = await t.services.payments.jobs.reconcileNow();
      expect(result!.settled.paid).toBe(1);
      expect((await t.store.bookings.get(lost.booking.id))!).toMatchObject({ isPaid: true, status: 'paid', paymentIntentId: paid.payment_intent });
      expect(await mails(lost.booking.id)).toEqual(['booking-confirmation']);
      // The webhook arriving late after all changes nothing.
      expect((await deliver('checkout.session.completed', lost.booking.paymentSessionId!)).status).toBe(200);
      expect(await mails(lost.booking.id)).toEqual(['booking-confirmation']);
      expect((await t.services.payments.jobs.reconcileNow())!.settled.paid ?? 0).toBe(0);
    });

    it('the sweeper expires the Stripe session when the hold ends (Stripe\'s own minimum is 30 minutes)', async () => {
      const { booking, showId, seats } = await createBooking(t, user, 2);
      clock += 10 * MINUTE;
      await t.services.payments.jobs.sweepNow();
      expect(stripe.sessions.get(booking.paymentSessionId!)!.status).toBe('expired');
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'cancelled', paymentLink: null });
      const ledger = await t.store.shows.occupiedSeats(showId);
      for (const seat of seats) expect(ledger).not.toHaveProperty(seat);
      // Stripe's expiry event, when it comes, changes nothing.
      expect((await deliver('checkout.session.expired', booking.paymentSessionId!)).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!.status).toBe('cancelled');
    });

    async function expiredWhileStripeWasDown() {
      const made = await createBooking(t, user, 2);
      clock += 11 * MINUTE;
      stripe.failNext = 10; // the expire call fails: the seats are released anyway
      await t.services.payments.jobs.sweepNow();
      stripe.failNext = 0;
      expect((await t.store.bookings.get(made.booking.id))!.status).toBe('cancelled');
      expect(stripe.sessions.get(made.booking.paymentSessionId!)!.status).toBe('open');
      return made;
    }

    it('late payment, seats still free: the seats are taken back and the booking confirmed', async () => {
      const { booking, showId, seats } = await expiredWhileStripeWasDown();
      stripe.pay(booking.paymentSessionId!);
      expect((await deliver('checkout.session.completed', booking.paymentSessionId!)).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null });
      const ledger = await t.store.shows.occupiedSeats(showId);
      for (const seat of seats) expect(ledger[seat]).toBe('paid');
      expect(await mails(booking.id)).toEqual(['booking-confirmation']);
      expect(stripe.refunds).toHaveLength(0);
    });

    it('late payment for a show the cinema cancelled meanwhile: cancelled and refunded, never left paid for a show that will not run (issue 55)', async () => {
      const made = await createBooking(t, user, 2, 5);
      const admin = await t.tokenFor('admin@example.com', ['admin']);
      stripe.failNext = 10; // expiring the session fails: the show's cancellation releases the hold anyway, the session stays open
      const cancelled = await t.api('POST', `/api/admin/shows/${made.showId}/cancel`, { token: admin });
      stripe.failNext = 0;
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect((await t.store.bookings.get(made.booking.id))!.status).toBe('cancelled');
      expect(stripe.sessions.get(made.booking.paymentSessionId!)!.status).toBe('open');

      const paid = stripe.pay(made.booking.paymentSessionId!);
      expect((await deliver('checkout.session.completed', made.booking.paymentSessionId!)).status).toBe(200);
      expect((await t.store.bookings.get(made.booking.id))!).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'refunded' });
      expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: paid.payment_intent, amount: made.booking.amountCents });
      expect(await t.store.shows.occupiedSeats(made.showId)).toEqual({});
    });

    it('late payment, seats taken: kept on record, flagged and refunded through Stripe, and support sees why', async () => {
      const { booking, showId, seats } = await expiredWhileStripeWasDown();
      const taken = await t.api('POST', '/api/booking/create', { token: rival, body: { showId, selectedSeats: [seats[1]] } });
      expect(taken.status).toBe(200);
      const paid = stripe.pay(booking.paymentSessionId!);
      const refundsBefore = stripe.refunds.length;

      expect((await deliver('checkout.session.completed', booking.paymentSessionId!)).status).toBe(200);
      const after = (await t.store.bookings.get(booking.id))!;
      expect(after).toMatchObject({
        status: 'cancelled',
        isPaid: false,
        paymentIntentId: paid.payment_intent,
        refundStatus: 'refunded',
        refundId: expect.stringMatching(/^re_test_/),
      });
      expect(after.refundReason).toContain(`seat ${seats[1]} had been booked by someone else`);
      expect(after.refundReason).toContain('after the hold ended');
      expect(stripe.refunds.slice(refundsBefore)).toEqual([
        expect.objectContaining({ payment_intent: paid.payment_intent, amount: booking.amountCents, reason: 'requested_by_customer' }),
      ]);
      expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.headers['idempotency-key']).toBe(`refund-${booking.id}`);
      // The rival keeps the seat; nothing of this booking is live.
      expect((await t.store.shows.occupiedSeats(showId))[seats[1]!]).toBe('held');
      expect(await t.store.shows.occupiedSeats(showId)).not.toHaveProperty(seats[0]!);
      expect(await mails(booking.id)).toEqual(['refund-notice']);

      // Support sees it, with the reason, in both lists.
      const debug = (await t.api('GET', '/api/debug/bookings', { token: support })).body.bookings.find((b: { id: string }) => b.id === booking.id);
      expect(debug).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'refunded', refundReason: after.refundReason });
      const unpaid = (await t.api('GET', '/api/debug/unpaid-bookings?includeCancelled=true', { token: support })).body.unpaidBookings.find((b: { id: string }) => b.id === booking.id);
      expect(unpaid).toMatchObject({ refundStatus: 'refunded', refundReason: after.refundReason });
      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine).toMatchObject({ refundStatus: 'refunded', isPaid: false, ticketCode: null });
      const verify = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: booking.paymentSessionId } });
      expect(verify.body).toMatchObject({ success: false, message: expect.stringContaining('refunded') });

      // A repeated event, a reconciliation and fix-payment refund nothing more.
      expect((await deliver('checkout.session.completed', booking.paymentSessionId!)).status).toBe(200);
      await t.services.payments.jobs.reconcileNow();
      const fix = await t.api('POST', '/api/debug/fix-payment', { token: support, body: { bookingId: booking.id } });
      expect(fix.status).toBe(200);
      expect(stripe.refunds.length).toBe(refundsBefore + 1);
      expect(await mails(booking.id)).toEqual(['refund-notice']);
    });

    it('a refund Stripe cannot take right now stays pending with the reason, and the reconciliation retries it', async () => {
      const { booking, showId, seats } = await expiredWhileStripeWasDown();
      await t.api('POST', '/api/booking/create', { token: rival, body: { showId, selectedSeats: seats } });
      stripe.pay(booking.paymentSessionId!);
      const event = stripe.event('checkout.session.completed', booking.paymentSessionId!);
      stripe.failNext = 2; // the refund call (and its retry) fail
      expect((await postWebhook(t, event.payload, { timestamp: seconds() })).status).toBe(200);
      const pending = (await t.store.bookings.get(booking.id))!;
      expect(pending).toMatchObject({ refundStatus: 'pending', refundId: null });
      expect(pending.refundReason).toMatch(/refund will be retried/);
      const debug = (await t.api('GET', '/api/debug/unpaid-bookings?includeCancelled=true', { token: support })).body.unpaidBookings.find((b: { id: string }) => b.id === booking.id);
      expect(debug.refundStatus).toBe('pending');

      await t.services.payments.jobs.reconcileNow();
      const refunded = (await t.store.bookings.get(booking.id))!;
      expect(refunded).toMatchObject({ refundStatus: 'refunded', refundId: expect.stringMatching(/^re_test_/) });
      expect(refunded.refundReason).not.toMatch(/retried/);
      expect(stripe.refunds.filter((r) => r.payment_intent === refunded.paymentIntentId)).toHaveLength(1);
    });

    it('provider timeout when booking: seats held, 200 with a retry link and a message, never a 500; the link opens a session later', async () => {
      stripe.delayMs = 1_000;
      const { res, booking, showId, seats } = await createBooking(t, user, 2);
      const retryLink = `http://localhost:4000/api/checkout/bookings/${booking.id}`;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, url: retryLink, bookingId: booking.id, message: expect.stringContaining('held until') });
      expect(booking).toMatchObject({ status: 'held', isPaid: false, paymentSessionId: null, paymentLink: retryLink });
      expect(Object.keys(await t.store.shows.occupiedSeats(showId))).toEqual(expect.arrayContaining(seats));
      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine.paymentLink).toBe(retryLink);

      // Still down: the link says so (503), the booking stays payable.
      const down = await fetch(`${t.baseUrl}/api/checkout/bookings/${booking.id}`, { redirect: 'manual' });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('10');
      expect(await down.text()).toContain('The payment provider is not answering right now. Your seats stay held until');

      stripe.delayMs = 0;
      const up = await fetch(`${t.baseUrl}/api/checkout/bookings/${booking.id}`, { redirect: 'manual' });
      expect(up.status).toBe(303);
      const opened = (await t.store.bookings.get(booking.id))!;
      expect(opened.paymentSessionId).toMatch(/^cs_test_/);
      expect(up.headers.get('location')).toBe(stripe.sessions.get(opened.paymentSessionId!)!.url);
      expect(opened.paymentLink).toBe(up.headers.get('location'));
      // Following the old link again reuses that session.
      const again = await fetch(`${t.baseUrl}/api/checkout/bookings/${booking.id}`, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe(opened.paymentLink);

      stripe.pay(opened.paymentSessionId!);
      expect((await deliver('checkout.session.completed', opened.paymentSessionId!)).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });

    it('a provider that answers after the customer was answered: its session is attached in the background and the link leads there', async () => {
      stripe.delayMs = 1_000; // the first attempt times out (300 ms); stripe-node's retry gets through
      const { res, booking } = await createBooking(t, user, 1);
      stripe.delayMs = 0;
      expect(res.body.url).toBe(`http://localhost:4000/api/checkout/bookings/${booking.id}`);
      await eventually(async () => (await t.store.bookings.get(booking.id))!.paymentSessionId !== null, 5_000, 'the late session');
      const attached = (await t.store.bookings.get(booking.id))!;
      expect(attached.paymentLink).toBe(stripe.sessions.get(attached.paymentSessionId!)!.url);
      const link = await fetch(`${t.baseUrl}/api/checkout/bookings/${booking.id}`, { redirect: 'manual' });
      expect(link.status).toBe(303);
      expect(link.headers.get('location')).toBe(attached.paymentLink);
    });

    it('a provider that stays down: the booking is released at the end of its hold, not held forever', async () => {
      stripe.failNext = 1_000;
      try {
        const { res, booking, showId, seats } = await createBooking(t, user, 1);
        expect(res.status).toBe(200);
        const verify = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: 'cs_test_nothing' } });
        expect(verify.status).toBe(404);
        clock += 11 * MINUTE;
        await t.services.payments.jobs.sweepNow();
        expect((await t.store.bookings.get(booking.id))!.status).toBe('cancelled');
        expect(await t.store.shows.occupiedSeats(showId)).not.toHaveProperty(seats[0]!);
        const link = await fetch(`${t.baseUrl}/api/checkout/bookings/${booking.id}`, { redirect: 'manual' });
        expect(link.status).toBe(410);
      } finally {
        stripe.failNext = 0;
      }
    });

    it('fix-payment reconciles one booking with Stripe now and says what it found', async () => {
      const fix = (bookingId: string) => t.api('POST', '/api/debug/fix-payment', { token: support, body: { bookingId } });

      const open = await createBooking(t, user, 1);
      expect((await fix(open.booking.id)).body).toMatchObject({ success: true, outcome: 'open', message: expect.stringContaining('has not paid yet') });

      const lost = await createBooking(t, user, 1);
      stripe.pay(lost.booking.paymentSessionId!);
      const fixed = await fix(lost.booking.id);
      expect(fixed.status).toBe(200);
      expect(fixed.body).toMatchObject({
        success: true,
        outcome: 'paid',
        message: expect.stringContaining('booking marked as paid'),
        booking: { id: lost.booking.id, isPaid: true, status: 'paid' },
      });
      expect((await fix(lost.booking.id)).body).toMatchObject({ outcome: 'already-paid' });

      const gone = await createBooking(t, user, 1);
      stripe.expire(gone.booking.paymentSessionId!);
      expect((await fix(gone.booking.id)).body).toMatchObject({ outcome: 'expired', booking: { status: 'cancelled', hasPaymentLink: false } });

      stripe.delayMs = 1_000;
      const noSession = await createBooking(t, user, 1);
      stripe.delayMs = 0;
      expect((await fix(noSession.booking.id)).body).toMatchObject({ outcome: 'no-session', message: expect.stringContaining('no payment session') });

      stripe.failNext = 10;
      const unreachable = await fix(open.booking.id);
      stripe.failNext = 0;
      expect(unreachable.status).toBe(502);
      expect(unreachable.body).toEqual({ success: false, message: expect.stringContaining('Could not reach the payment provider') });

      expect((await fix('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await t.api('POST', '/api/debug/fix-payment', { token: user, body: { bookingId: open.booking.id } })).status).toBe(403);
    });

    it('restart mid-payment: paid while the service was down, completed by the next instance\'s first reconciliation', async () => {
      const { booking } = await createBooking(t, user, 2);
      // The customer pays; the service goes down before any webhook is processed.
      await t.close();
      stripe.pay(booking.paymentSessionId!);
      t = await startTestApp(lane, { store, now, env, backgroundJobs: true });
      user = await t.tokenFor('user@example.com');
      rival = await t.tokenFor('rival@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
      await eventually(async () => (await t.store.bookings.get(booking.id))!.isPaid, 10_000, 'the reconciliation at start');
      await eventually(async () => (await mails(booking.id)).length > 0, 5_000, 'the e-ticket');
      expect(await mails(booking.id)).toEqual(['booking-confirmation']);
      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine).toMatchObject({ isPaid: true, ticketCode: booking.ticketCode });
    });
  });
}
