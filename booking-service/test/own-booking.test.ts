import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { createBooking } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * A moviegoer's own payment help and held seats: re-checking the payment of
 * their booking with the provider, and releasing seats they hold. Only the
 * booking's owner may do either; anyone else gets the answer of an unknown booking.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`own booking actions on ${lane.name}`, () => {
    let t: TestApp;
    let user: string;
    let other: string;

    beforeAll(async () => {
      t = await startTestApp(lane);
      user = await t.tokenFor('user@example.com');
      other = await t.tokenFor('other@example.com');
    });
    afterAll(() => t?.close());

    const occupied = async (showId: string) => (await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats as string[];

    it('recheck-payment: unpaid says so; a payment whose webhook was lost is confirmed, once, with its e-ticket email', async () => {
      const { booking } = await createBooking(t, user, 1);
      const open = await t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: user });
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ success: false, outcome: 'open', booking: { _id: booking.id, isPaid: false, status: 'held' } });
      expect(open.body.message).toBe('No payment has reached us for this booking yet. Use Pay Now to pay before the hold ends.');

      // Paid at the provider, but the event never reached the service.
      await t.store.checkoutSessions.complete(booking.paymentSessionId!, { now: new Date(), paymentIntentId: 'pi_local_recheck' });
      const [a, b] = await Promise.all([
        t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: user }),
        t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: user }),
      ]);
      for (const answer of [a, b]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ success: true, message: 'Payment confirmed! Booking updated.', booking: { isPaid: true, status: 'paid' } });
      }
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ isPaid: true, paymentIntentId: 'pi_local_recheck' });
      expect((await t.store.outbox.list(1000)).filter((m) => m.bookingId === booking.id && m.kind === 'booking-confirmation')).toHaveLength(1);
    });

    it("recheck-payment: another user's booking answers like an unknown one and changes nothing; no token is 401", async () => {
      const { booking } = await createBooking(t, user, 1);
      await t.store.checkoutSessions.complete(booking.paymentSessionId!, { now: new Date(), paymentIntentId: 'pi_local_other' });
      const foreign = await t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: other });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ success: false, message: 'Booking not found' });
      const unknown = await t.api('POST', '/api/booking/00000000-0000-4000-8000-000000000000/recheck-payment', { token: other });
      expect(unknown.body).toEqual(foreign.body);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      expect((await t.api('POST', `/api/booking/${booking.id}/recheck-payment`)).status).toBe(401);
    });

    it('release: the owner frees the seats at once, the session can no longer be paid; twice is a 409', async () => {
      const { booking, showId, seats } = await createBooking(t, user, 2);
      expect(await occupied(showId)).toEqual(expect.arrayContaining(seats));

      const foreign = await t.api('POST', `/api/booking/${booking.id}/release`, { token: other });
      expect(foreign.status).toBe(404);
      expect((await t.store.bookings.get(booking.id))!.status).toBe('held');
      expect((await t.api('POST', `/api/booking/${booking.id}/release`)).status).toBe(401);

      const released = await t.api('POST', `/api/booking/${booking.id}/release`, { token: user });
      expect(released.status).toBe(200);
      expect(released.body).toMatchObject({ success: true, outcome: 'released', message: `Seats ${seats.join(', ')} released` });
      expect(released.body.booking).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null });
      for (const seat of seats) expect(await occupied(showId)).not.toContain(seat);
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');

      const again = await t.api('POST', `/api/booking/${booking.id}/release`, { token: user });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('These seats are no longer held for you');
    });

    it('release of a paid booking is refused and leaves it paid', async () => {
      const { booking, showId, seats } = await createBooking(t, user, 1);
      await t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: user });
      await t.store.checkoutSessions.complete(booking.paymentSessionId!, { now: new Date(), paymentIntentId: 'pi_local_paid' });
      await t.api('POST', `/api/booking/${booking.id}/recheck-payment`, { token: user });
      const refused = await t.api('POST', `/api/booking/${booking.id}/release`, { token: user });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This booking is paid: its seats are yours');
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
      expect(await occupied(showId)).toEqual(expect.arrayContaining(seats));
    });
  });
}
