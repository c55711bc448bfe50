import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { signStripePayload } from '../src/payments/stripe/webhook-secret.ts';
import { lanes } from './support/databases.ts';
import { createBooking, postWebhook, sessionEvent, submitCard } from './support/payments.ts';
import { startTestApp, TEST_WEBHOOK_SECRET, type TestApp } from './support/test-app.ts';

/**
 * POST /api/stripe/webhook: signature (Stripe's scheme, tolerance 300 s),
 * exactly-once processing by event id, and each handled event type.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`Stripe webhook on ${lane.name}`, () => {
    let t: TestApp;
    let store: Store;
    let user: string;
    const recorded: { id: string; type: string }[] = [];
    let clock = Date.now();

    beforeAll(async () => {
      store = await lane.openStore();
      // Watch the event ids the endpoint records.
      const recordOnce = store.webhookEvents.recordOnce.bind(store.webhookEvents);
      store.webhookEvents.recordOnce = async (event) => {
        const first = await recordOnce(event);
        if (first) recorded.push({ id: event.id, type: event.type });
        return first;
      };
      t = await startTestApp(lane, { store, seed: true, now: () => new Date(clock) });
      user = await t.tokenFor('user@example.com');
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
    });

    const nowSeconds = () => Math.floor(clock / 1000);

    async function state(bookingId: string) {
      const [booking, outbox, seats] = await Promise.all([
        t.store.bookings.get(bookingId),
        t.store.outbox.list(10_000),
        t.store.bookings.get(bookingId).then((b) => t.store.shows.occupiedSeats(b!.showId)),
      ]);
      return JSON.stringify({ booking, outbox: outbox.filter((m) => m.bookingId === bookingId).length, seats });
    }

    async function paidEvent(overrides: Partial<Parameters<typeof sessionEvent>[1]> = {}, eventId?: string) {
      const { booking } = await createBooking(t, user, 1);
      const event = sessionEvent(
        'checkout.session.completed',
        { id: booking.paymentSessionId!, bookingId: booking.id, amountCents: booking.amountCents, paymentIntentId: 'pi_test_webhook', ...overrides },
        eventId,
      );
      return { booking, event };
    }

    it("is Stripe's alone: the local checkout settles its payment in process, with no event through this endpoint", async () => {
      const { res, booking } = await createBooking(t, user, 1);
      const before = recorded.length;
      expect((await submitCard(t, res.body.url)).status).toBe(303);
      expect(recorded.length).toBe(before);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });

    it('refuses unsigned, badly signed, tampered and malformed-signature events: 400, nothing changes', async () => {
      const { booking, event } = await paidEvent();
      const before = await state(booking.id);
      const good = signStripePayload(event.payload, TEST_WEBHOOK_SECRET, nowSeconds());
      // No signature: a bad request (400); one that does not verify: not proven to come from Stripe (401).
      const cases: [string, Parameters<typeof postWebhook>[2], number, string?][] = [
        ['unsigned', { signature: null }, 400],
        ['empty signature', { signature: '' }, 400],
        ['wrong secret', { secret: 'whsec_someone_elses_secret_123' }, 401],
        ['garbage header', { signature: 'not-a-signature' }, 401],
        ['v0 scheme only', { signature: good.replace('v1=', 'v0=') }, 401],
        ['tampered body', { signature: good }, 401, event.payload.replace('"amount_total":', '"amount_total":1,"x":')],
        ['text/plain unsigned', { signature: null, contentType: 'text/plain' }, 400],
      ];
      for (const [label, options, status, body] of cases) {
        const res = await postWebhook(t, body ?? event.payload, { timestamp: nowSeconds(), ...options });
        expect(res.status, label).toBe(status);
        expect(res.body.success, label).toBe(false);
        expect(res.body.message, label).toMatch(/Stripe-Signature|signature/i);
      }
      // Signed for another body: the empty one does not verify.
      const empty = await t.api('POST', '/api/stripe/webhook', { rawBody: '', headers: { 'content-type': 'application/json', 'stripe-signature': good } });
      expect(empty.status).toBe(401);
      expect(await state(booking.id)).toBe(before);
      // None of them was recorded: the genuine event is still processed.
      expect((await postWebhook(t, event.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });

    it('refuses a replay: a signature older than 300 s (or from the future) is 401 and changes nothing', async () => {
      const { booking, event } = await paidEvent();
      const before = await state(booking.id);
      const old = await postWebhook(t, event.payload, { timestamp: nowSeconds() - 301 });
      expect(old.status).toBe(401);
      expect(old.body.message).toMatch(/tolerance/);
      const future = await postWebhook(t, event.payload, { timestamp: nowSeconds() + 3600 });
      expect(future.status).toBe(401);
      expect(await state(booking.id)).toBe(before);
      // Within the tolerance it is accepted (signed 299 s ago).
      expect((await postWebhook(t, event.payload, { timestamp: nowSeconds() - 299 })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });

    it('the tolerance follows the service clock (controllable), not the wall clock', async () => {
      const { booking, event } = await paidEvent();
      const signedAt = nowSeconds();
      clock += 10 * 60_000;
      try {
        expect((await postWebhook(t, event.payload, { timestamp: signedAt })).status).toBe(401);
        expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      } finally {
        clock -= 10 * 60_000;
      }
    });

    it('processes an event once: a duplicate delivery answers 200 and changes nothing', async () => {
      const { booking, event } = await paidEvent();
      const first = await postWebhook(t, event.payload, { timestamp: nowSeconds() });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, received: true });
      const paid = await state(booking.id);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ isPaid: true, paymentIntentId: 'pi_test_webhook' });

      const again = await postWebhook(t, event.payload, { timestamp: nowSeconds() });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, received: true, duplicate: true });
      // Another event (Stripe's retry under a new id, or the async success) about the same paid session: no change either.
      const other = sessionEvent('checkout.session.async_payment_succeeded', {
        id: booking.paymentSessionId!,
        bookingId: booking.id,
        amountCents: booking.amountCents,
        paymentIntentId: 'pi_test_other',
      });
      expect((await postWebhook(t, other.payload, { timestamp: nowSeconds() })).body).toEqual({ success: true, received: true });
      expect(await state(booking.id)).toBe(paid);
    });

    it('concurrent deliveries of one event: exactly one is processed, one e-ticket', async () => {
      const { booking, event } = await paidEvent();
      const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t, event.payload, { timestamp: nowSeconds() })));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(responses.filter((r) => r.body.duplicate === true)).toHaveLength(9);
      const mails = (await t.store.outbox.list(10_000)).filter((m) => m.bookingId === booking.id);
      expect(mails.map((m) => m.kind)).toEqual(['booking-confirmation']);
    });

    it('does not mark paid when the amount or currency differs from the booking', async () => {
      const { booking, event } = await paidEvent({ amountCents: 1 });
      expect((await postWebhook(t, event.payload, { timestamp: nowSeconds() })).status).toBe(200);
      const euro = sessionEvent('checkout.session.completed', { id: booking.paymentSessionId!, bookingId: booking.id, amountCents: booking.amountCents, currency: 'eur' });
      expect((await postWebhook(t, euro.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
    });

    it('delayed payments: completed-but-unpaid waits, async success pays, async failure releases the seats', async () => {
      const { booking } = await createBooking(t, user, 1);
      const session = { id: booking.paymentSessionId!, bookingId: booking.id, amountCents: booking.amountCents, paymentIntentId: 'pi_test_async' };
      const processing = sessionEvent('checkout.session.completed', { ...session, paymentStatus: 'unpaid' });
      expect((await postWebhook(t, processing.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ isPaid: false, status: 'held' });
      const succeeded = sessionEvent('checkout.session.async_payment_succeeded', session);
      expect((await postWebhook(t, succeeded.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ isPaid: true, status: 'paid' });

      const failing = await createBooking(t, user, 1);
      const failed = sessionEvent('checkout.session.async_payment_failed', {
        id: failing.booking.paymentSessionId!,
        bookingId: failing.booking.id,
        amountCents: failing.booking.amountCents,
        paymentStatus: 'unpaid',
      });
      expect((await postWebhook(t, failed.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(failing.booking.id))!).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null });
      expect(Object.keys(await t.store.shows.occupiedSeats(failing.showId))).not.toContain(failing.seats[0]);
    });

    it('checkout.session.expired cancels the unpaid booking, releases its seats and clears its payment link', async () => {
      const { booking, showId, seats } = await createBooking(t, user, 2);
      const expired = sessionEvent('checkout.session.expired', {
        id: booking.paymentSessionId!,
        bookingId: booking.id,
        amountCents: booking.amountCents,
        status: 'expired',
        paymentStatus: 'unpaid',
      });
      expect((await postWebhook(t, expired.payload, { timestamp: nowSeconds() })).status).toBe(200);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'cancelled', paymentLink: null });
      const occupied = (await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats as string[];
      for (const seat of seats) expect(occupied).not.toContain(seat);
    });

    it('acknowledges event types it does not handle, and sessions of no booking, without changing anything', async () => {
      const unrelated = JSON.stringify({ id: 'evt_test_unrelated', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
      expect((await postWebhook(t, unrelated, { timestamp: nowSeconds() })).body).toEqual({ success: true, received: true });
      const stranger = sessionEvent('checkout.session.completed', { id: 'cs_test_not_ours', bookingId: '00000000-0000-4000-8000-000000000000', amountCents: 100 });
      expect((await postWebhook(t, stranger.payload, { timestamp: nowSeconds() })).status).toBe(200);
      const notJson = 'this is not json';
      expect((await postWebhook(t, notJson, { timestamp: nowSeconds() })).status).toBe(400);
      const notEvent = JSON.stringify({ hello: 'world' });
      expect((await postWebhook(t, notEvent, { timestamp: nowSeconds() })).status).toBe(400);
    });

    it('forgets an event whose processing failed, so the provider\'s retry is processed', async () => {
      const { booking, event } = await paidEvent();
      const update = t.store.bookings.updateIf;
      t.store.bookings.updateIf = async () => {
        throw new Error('database went away');
      };
      try {
        const failed = await postWebhook(t, event.payload, { timestamp: nowSeconds() });
        expect(failed.status).toBe(500);
        expect(failed.body).toEqual({ success: false, message: 'Something went wrong on our side, please try again' });
      } finally {
        t.store.bookings.updateIf = update;
      }
      const retried = await postWebhook(t, event.payload, { timestamp: nowSeconds() });
      expect(retried.body).toEqual({ success: true, received: true });
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });
  });
}
