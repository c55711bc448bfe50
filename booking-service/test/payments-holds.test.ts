import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { createBooking, eventually, submitCard } from './support/payments.ts';
import { bookableHallShows } from './support/bookable.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * Holds and the hold sweeper, with a controllable clock: an unpaid booking past
 * its hold is cancelled, its seats released, its payment session expired and
 * its payment link cleared; several instances sweeping at once release each
 * booking once.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`holds and the sweeper on ${lane.name}`, () => {
    let t: TestApp;
    let second: TestApp;
    let user: string;
    let rival: string;
    let support: string;
    let clock = Date.now();
    const now = () => new Date(clock);

    beforeAll(async () => {
      t = await startTestApp(lane, { now });
      // A second instance of the service on the same database.
      second = await startTestApp(lane, { now, store: t.store });
      user = await t.tokenFor('user@example.com');
      rival = await t.tokenFor('rival@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    const occupied = async (showId: string) => (await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats as string[];

    it('holds the seats for HOLD_MINUTES; past the hold the sweeper cancels, releases, expires the session and clears the link', async () => {
      const { res, booking, showId, seats } = await createBooking(t, user, 2);
      expect(booking.holdExpiresAt.getTime() - clock).toBe(10 * MINUTE);
      expect(res.body.holdExpiresAt).toBe(new Date(clock + 10 * MINUTE).toISOString());

      clock += 9 * MINUTE;
      await t.services.payments.jobs.sweepNow();
      expect((await t.store.bookings.get(booking.id))!.status).toBe('held');
      expect(await occupied(showId)).toEqual(expect.arrayContaining(seats));

      clock += 1 * MINUTE;
      const swept = await t.services.payments.jobs.sweepNow();
      expect(swept).toEqual({ released: 1, paid: 0 });
      const after = (await t.store.bookings.get(booking.id))!;
      expect(after).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null, paymentSessionId: booking.paymentSessionId });
      for (const seat of seats) expect(await occupied(showId)).not.toContain(seat);
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');

      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null });
      const unpaid = (await t.api('GET', '/api/debug/unpaid-bookings?includeCancelled=true', { token: support })).body.unpaidBookings.find((b: { id: string }) => b.id === booking.id);
      expect(unpaid).toMatchObject({ status: 'cancelled', hasPaymentLink: false, refundStatus: null, refundReason: null });

      // The payment page takes nothing now.
      const page = await submitCard(t, res.body.url);
      expect(page.status).toBe(410);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      // Nothing left to release.
      expect(await t.services.payments.jobs.sweepNow()).toEqual({ released: 0, paid: 0 });
    });

    it('online sales close SALES_CLOSE_MINUTES (15) before the show: a hold just before is made, one at the cutoff is refused and changes nothing', async () => {
      const soon = (await bookableHallShows(t.store, new Date(Date.now() + 30 * MINUTE)))[0]!;
      expect((await t.api('GET', '/api/config')).body.salesCloseMinutes).toBe(15);
      try {
        clock = soon.startsAt.getTime() - 16 * MINUTE;
        const open = await t.api('POST', '/api/booking/create', { token: user, body: { showId: soon.id, selectedSeats: ['J8'] } });
        expect(open.status).toBe(200);
        // A whole hold, and it ends before the show.
        expect(open.body.holdExpiresAt).toBe(new Date(clock + 10 * MINUTE).toISOString());

        clock = soon.startsAt.getTime() - 15 * MINUTE;
        const before = await occupied(soon.id);
        const closed = await t.api('POST', '/api/booking/create', { token: rival, body: { showId: soon.id, selectedSeats: ['J9'] } });
        expect(closed.status).toBe(409);
        expect(closed.body).toEqual({ success: false, message: expect.stringMatching(/^Online sales for this show closed at .*\d{1,2}:\d{2}.*; pick a later show$/) });
        expect(await occupied(soon.id)).toEqual(before);
      } finally {
        clock = Date.now();
      }
    });

    it('the owner sees what the seat page needs to mark seats in their cooldown: the released booking, its seats and the cooldown length', async () => {
      clock = Date.now();
      const { booking, showId, seats } = await createBooking(t, user, 2);
      const released = await t.api('POST', `/api/booking/${booking.id}/release`, { token: user });
      expect(released.status).toBe(200);
      expect((await t.api('GET', '/api/config')).body.reholdCooldownMinutes).toBe(10);
      const mine = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(mine).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: null, bookedSeats: seats, show: { _id: showId } });
      // The rule the page reflects: the owner may not hold them again yet; anyone else may.
      const again = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats: seats } });
      expect(again.status).toBe(409);
      const other = await t.api('POST', '/api/booking/create', { token: rival, body: { showId, selectedSeats: seats } });
      expect(other.status).toBe(200);
      await t.api('POST', `/api/booking/${other.body.bookingId}/release`, { token: rival });
    });

    it('several instances sweeping at once release each booking once and never a newer booking of the same seats', async () => {
      clock = Date.now();
      const made = [await createBooking(t, user, 2), await createBooking(second, await second.tokenFor('user@example.com'), 1), await createBooking(t, user, 3)];
      clock += 11 * MINUTE;
      const sweeps = await Promise.all([
        t.services.payments.service.sweepExpiredHolds(),
        second.services.payments.service.sweepExpiredHolds(),
        t.services.payments.service.sweepExpiredHolds(),
        second.services.payments.service.sweepExpiredHolds(),
      ]);
      expect(sweeps.every((s) => s.paid === 0)).toBe(true);
      for (const { booking, showId, seats } of made) {
        expect((await t.store.bookings.get(booking.id))!.status).toBe('cancelled');
        const ledger = await t.store.shows.occupiedSeats(showId);
        for (const seat of seats) expect(ledger).not.toHaveProperty(seat);
        expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');
      }

      // Someone else books the released seats; more sweeps on both instances leave that booking alone.
      const first = made[0]!;
      const taken = await t.api('POST', '/api/booking/create', { token: rival, body: { showId: first.showId, selectedSeats: first.seats } });
      expect(taken.status).toBe(200);
      await Promise.all([t.services.payments.service.sweepExpiredHolds(), second.services.payments.service.sweepExpiredHolds()]);
      expect((await t.store.bookings.get(taken.body.bookingId))!.status).toBe('held');
      const ledger = await t.store.shows.occupiedSeats(first.showId);
      for (const seat of first.seats) expect(ledger[seat]).toBe('held');
    });

    it('a payment that came in just before the sweep is honoured: the booking is paid, not released', async () => {
      clock = Date.now();
      const { booking, showId, seats } = await createBooking(t, user, 1);
      // Paid at the provider a moment before the hold ended; its event has not arrived yet.
      await t.store.checkoutSessions.complete(booking.paymentSessionId!, { now: new Date(clock + 9 * MINUTE), paymentIntentId: 'pi_local_in_time' });
      clock += 11 * MINUTE;
      expect((await t.services.payments.service.sweepExpiredHolds()).paid).toBe(1);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'paid', isPaid: true, paymentIntentId: 'pi_local_in_time' });
      expect((await t.store.shows.occupiedSeats(showId))[seats[0]!]).toBe('paid');
      expect((await t.store.outbox.list(1000)).filter((m) => m.bookingId === booking.id).map((m) => m.kind)).toEqual(['booking-confirmation']);
    });

    it('runs on its own: at start and then on its interval (HOLD_SWEEP_SECONDS)', async () => {
      clock = Date.now();
      const { booking } = await createBooking(t, user, 1);
      clock += 11 * MINUTE;
      const background = await startTestApp(lane, { now, store: t.store, backgroundJobs: true, env: { HOLD_SWEEP_SECONDS: '1', RECONCILE_SECONDS: '1' } });
      try {
        await eventually(async () => (await t.store.bookings.get(booking.id))!.status === 'cancelled', 5_000, 'the background sweep');
        const later = await createBooking(t, user, 1);
        clock += 11 * MINUTE;
        await eventually(async () => (await t.store.bookings.get(later.booking.id))!.status === 'cancelled', 5_000, 'the next interval');
      } finally {
        await background.close();
      }
    });
  });
}
