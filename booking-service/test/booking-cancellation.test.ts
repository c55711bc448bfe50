import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * Self-service cancellation (issue 43, item 2): POST /api/booking/:bookingId/cancel within the
 * cancellation policy (CANCELLATION_CUTOFF_MINUTES, 120 by default) refunds a paid booking through the
 * payment provider, releases its seats at once and emails the moviegoer; outside it (or after the show
 * started, or once admitted at the door) it is refused with the reason. On the local checkout and on
 * the Stripe adapter (a stand-in of Stripe's API), on every database lane.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`cancelling a booking on the local checkout on ${lane.name}`, () => {
    let t: TestApp;
    let user: string;
    let other: string;
    let support: string;
    let clock = Date.now();

    beforeAll(async () => {
      t = await startTestApp(lane, { now: () => new Date(clock) });
      user = await t.tokenFor('user@example.com');
      other = await t.tokenFor('other@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(() => t?.close());
    beforeEach(() => {
      clock = Date.now();
    });

    const mails = async (bookingId: string) => (await t.store.outbox.list(10_000)).filter((m) => m.bookingId === bookingId);
    const cancel = (bookingId: string, token = user) => t.api('POST', `/api/booking/${bookingId}/cancel`, { token });

    async function paidBooking(count = 2) {
      const made = await createBooking(t, user, count);
      expect((await submitCard(t, made.res.body.url)).status).toBe(303);
      const booking = (await t.store.bookings.getWithDetails(made.booking.id))!;
      expect(booking.isPaid).toBe(true);
      return { ...made, booking };
    }

    it('publishes the policy in /api/config', async () => {
      expect((await t.api('GET', '/api/config')).body.cancellationCutoffMinutes).toBe(120);
    });

    it('within the policy: refunded through the provider, seats released at once, one email, shown cancelled and refunded to the moviegoer and support', async () => {
      const { booking, showId, seats } = await paidBooking();
      const res = await cancel(booking.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        outcome: 'cancelled',
        message: expect.stringContaining('The full amount is refunded to your card'),
        // Its code stays its name once paid (the lists mark it refunded; the door refuses it).
        booking: { _id: booking.id, status: 'cancelled', isPaid: false, refundStatus: 'refunded', ticketCode: booking.ticketCode },
      });
      const stored = (await t.store.bookings.get(booking.id))!;
      expect(stored).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'refunded', refundId: expect.stringMatching(/^re_local_/) });
      expect(stored.refundReason).toMatch(/Cancelled by the customer/);
      expect(stored.paidAt).not.toBeNull();
      // The local checkout's session records the refund.
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.refundId).toBe(stored.refundId);

      const ledger = await t.store.shows.occupiedSeats(showId);
      for (const seat of seats) expect(ledger).not.toHaveProperty(seat);
      const seatList = await t.api('GET', `/api/booking/seats/${showId}`);
      for (const seat of seats) expect(seatList.body.occupiedSeats).not.toContain(seat);
      // Someone else can book them straight away.
      expect((await t.api('POST', '/api/booking/create', { token: other, body: { showId, selectedSeats: seats } })).status).toBe(200);

      const sent = await mails(booking.id);
      // The e-ticket stated the policy.
      expect(sent.find((m) => m.kind === 'booking-confirmation')!.text).toContain(
        'Cancellation: Free cancellation until 2 hours before the show, with a full refund to your card. No cancellation after that. (My Bookings)',
      );
      expect(sent.map((m) => m.kind).sort()).toEqual(['booking-confirmation', 'cancellation-notice']);
      const notice = sent.find((m) => m.kind === 'cancellation-notice')!;
      expect(notice.subject).toBe(`Your booking for ${booking.show.movie.title} is cancelled`);
      expect(notice.text).toContain('refunding the full amount');

      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'refunded' });
      const debug = await t.api('GET', `/api/debug/bookings?q=${encodeURIComponent(booking.ticketCode)}`, { token: support });
      expect(debug.body.bookings).toEqual([expect.objectContaining({ id: booking.id, status: 'cancelled', refundStatus: 'refunded', refundReason: stored.refundReason })]);
    });

    it('is idempotent: a second cancel (or two at once) refunds and emails once', async () => {
      const { booking } = await paidBooking(1);
      const [first, second] = await Promise.all([cancel(booking.id), cancel(booking.id)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.outcome, second.body.outcome].sort()).toEqual(['already-cancelled', 'cancelled']);
      const again = await cancel(booking.id);
      expect(again.body).toMatchObject({ outcome: 'already-cancelled', booking: { status: 'cancelled', refundStatus: 'refunded' } });
      expect((await mails(booking.id)).filter((m) => m.kind === 'cancellation-notice')).toHaveLength(1);
    });

    it('an unpaid hold is released, with nothing refunded and no email', async () => {
      const { booking, showId, seats } = await createBooking(t, user, 2);
      const res = await cancel(booking.id);
      expect(res.body).toMatchObject({ outcome: 'released', message: expect.stringContaining('No payment was taken'), booking: { status: 'cancelled', refundStatus: null } });
      const ledger = await t.store.shows.occupiedSeats(showId);
      for (const seat of seats) expect(ledger).not.toHaveProperty(seat);
      expect(await mails(booking.id)).toEqual([]);
    });

    it('outside the policy, after the start, or once admitted: 409 with the reason, and nothing changes', async () => {
      const { booking, showId, seats } = await paidBooking(1);
      const startsAt = booking.show.startsAt.getTime();
      clock = startsAt - 119 * MINUTE;
      const late = await cancel(booking.id);
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/^Free cancellation ended at .+, 2 hours before the show, so this booking can no longer be cancelled\.$/);

      clock = startsAt + MINUTE;
      expect((await cancel(booking.id)).body.message).toBe('This show has already started, so the booking can no longer be cancelled.');

      clock = Date.now();
      await t.store.checkIns.admit({ bookingId: booking.id, code: booking.ticketCode, door: 'Door 1', staffId: 's', staffName: 'Sam', outcome: 'admitted', at: new Date() });
      const admitted = await cancel(booking.id);
      expect(admitted.status).toBe(409);
      expect(admitted.body.message).toMatch(/^This ticket was admitted at the door at \d{1,2}:\d{2} [AP]M, so the booking can no longer be cancelled\.$/);

      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null });
      expect(Object.keys(await t.store.shows.occupiedSeats(showId))).toEqual(expect.arrayContaining(seats));
      expect((await mails(booking.id)).map((m) => m.kind)).toEqual(['booking-confirmation']);
    });

    it("someone else's booking is answered as unknown; signed out is 401", async () => {
      const { booking } = await paidBooking(1);
      expect((await cancel(booking.id, other)).status).toBe(404);
      expect((await t.api('POST', `/api/booking/${booking.id}/cancel`)).status).toBe(401);
      expect((await t.store.bookings.get(booking.id))!.status).toBe('paid');
    });
  });

  describe.skipIf(lane.skipReason !== null)(`cancelling a booking paid through Stripe on ${lane.name}`, () => {
    let stripe: StripeStandIn;
    let store: Store;
    let t: TestApp;
    let user: string;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      store = await lane.openStore();
      t = await startTestApp(lane, {
        store,
        seed: true,
        env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stripe.url, STRIPE_TIMEOUT_MS: '300', SHELL_URL: 'https://cinema.example' },
      });
      user = await t.tokenFor('user@example.com');
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
      await stripe?.close();
    });
    beforeEach(() => {
      stripe.failNext = 0;
    });

    async function paidThroughStripe() {
      const made = await createBooking(t, user, 1);
      stripe.pay(made.booking.paymentSessionId!);
      await t.services.payments.jobs.reconcileNow();
      const booking = (await t.store.bookings.get(made.booking.id))!;
      expect(booking).toMatchObject({ isPaid: true, paymentIntentId: expect.stringMatching(/^pi_/) });
      return booking;
    }

    it('refunds the payment intent in full with the booking as idempotency key', async () => {
      const booking = await paidThroughStripe();
      const before = stripe.refunds.length;
      const res = await t.api('POST', `/api/booking/${booking.id}/cancel`, { token: user });
      expect(res.body).toMatchObject({ outcome: 'cancelled', booking: { status: 'cancelled', refundStatus: 'refunded' } });
      expect(stripe.refunds.slice(before)).toEqual([expect.objectContaining({ payment_intent: booking.paymentIntentId, amount: booking.amountCents })]);
      expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.headers['idempotency-key']).toBe(`refund-${booking.id}`);
      expect((await t.store.bookings.get(booking.id))!.refundId).toMatch(/^re_test_/);
    });

    it('a refund Stripe cannot take now stays pending (seats released, moviegoer told) and the reconciliation completes it once', async () => {
      const booking = await paidThroughStripe();
      stripe.failNext = 2; // the refund call and its retry fail
      const res = await t.api('POST', `/api/booking/${booking.id}/cancel`, { token: user });
      expect(res.body).toMatchObject({ outcome: 'cancelled', message: expect.stringContaining('refund is on its way'), booking: { status: 'cancelled', refundStatus: 'pending' } });
      const pending = (await t.store.bookings.get(booking.id))!;
      expect(pending.refundReason).toMatch(/refund will be retried/);
      expect(await t.store.shows.occupiedSeats(booking.showId)).not.toHaveProperty(booking.seats[0]!);
      const kinds = async () => (await t.store.outbox.list(10_000)).filter((m) => m.bookingId === booking.id).map((m) => m.kind).sort();
      expect(await kinds()).toEqual(['booking-confirmation', 'cancellation-notice']);

      expect((await t.services.payments.jobs.reconcileNow())!.refunds).toBeGreaterThanOrEqual(1);
      const refunded = (await t.store.bookings.get(booking.id))!;
      expect(refunded).toMatchObject({ status: 'cancelled', refundStatus: 'refunded', refundId: expect.stringMatching(/^re_test_/) });
      expect(refunded.refundReason).not.toMatch(/retried/);
      expect(stripe.refunds.filter((r) => r.payment_intent === booking.paymentIntentId)).toHaveLength(1);
      await t.services.payments.jobs.reconcileNow();
      expect(stripe.refunds.filter((r) => r.payment_intent === booking.paymentIntentId)).toHaveLength(1);
      expect(await kinds()).toEqual(['booking-confirmation', 'cancellation-notice']);
    });
  });
}
