import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;

/**
 * Staff lists (issue 43, item 9) on every database lane: cancelling a show refunds every paid booking and emails
 * each moviegoer, releases its holds, and the show stops being bookable (a state, not a deletion); changing a
 * show's price applies to bookings made afterwards; List Bookings searched (ticket code, customer, movie) and
 * paged on the server, its totals never adding refunded amounts to paid ones.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`show actions and List Bookings on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let customers = 0;
    const showsUsed = new Set<string>();

    beforeAll(async () => {
      t = await startTestApp(lane);
      admin = await t.tokenFor('admin@example.com', ['admin']);
    });
    afterAll(() => t?.close());

    /** An upcoming show no other test here used (well inside every cutoff), and its movie. */
    async function freshShow() {
      const shows = await t.store.shows.listWithSeats({ from: new Date(Date.now() + 6 * HOUR) });
      // On the spec's hall (its seat ids), whatever the hour: the seed plays every screen, each on its cinema's clock.
      const show = shows.find((s) => !showsUsed.has(s.id) && Object.keys(s.occupiedSeats).length === 0 && s.screenId === DEFAULT_SCREEN_ID)!;
      showsUsed.add(show.id);
      return show;
    }

    /** A booking of `seats` by a new customer named `name`: paid on the local checkout unless `paid` is false. */
    async function book(showId: string, seats: string[], { paid = true, name = `Customer ${++customers}` } = {}) {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
      const token = await t.tokenFor(email);
      const res = await t.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats: seats } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (paid) expect((await submitCard(t, res.body.url)).status).toBe(303);
      return { ...(await t.store.bookings.get(res.body.bookingId))!, token, email };
    }

    const cancel = (showId: string, token = admin) => t.api('POST', `/api/admin/shows/${showId}/cancel`, { token });

    it('cancelling a show refunds every paid booking and emails each moviegoer, releases its holds, and the show is no longer bookable', async () => {
      const show = await freshShow();
      const paid = [await book(show.id, ['A1', 'A2']), await book(show.id, ['B1']), await book(show.id, ['C1', 'C2', 'C3'])];
      const held = await book(show.id, ['D1'], { paid: false });

      const res = await cancel(show.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        success: true,
        outcome: 'cancelled',
        refunded: 3,
        refundsPending: 0,
        refundsFailed: 0,
        released: 1,
        admitted: 0,
        message: 'Show cancelled: 3 paid bookings refunded and emailed, 1 hold released.',
      });

      const outbox = await t.store.outbox.list(10_000);
      for (const booking of paid) {
        expect(await t.store.bookings.get(booking.id)).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'refunded', refundId: expect.stringMatching(/^re_local_/) });
        const notices = outbox.filter((m) => m.bookingId === booking.id && m.kind === 'cancellation-notice');
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatchObject({ toAddress: booking.email, subject: `Cancelled by the cinema: ${show.movie.title}` });
        expect(notices[0]!.text).toContain('the cinema has cancelled this show');
      }
      expect(await t.store.bookings.get(held.id)).toMatchObject({ status: 'cancelled', refundStatus: null });
      expect(outbox.filter((m) => m.bookingId === held.id)).toEqual([]);
      expect(await t.store.shows.occupiedSeats(show.id)).toEqual({});

      // A state, not a deletion: staff still see it, marked; moviegoers no longer do, and cannot book it.
      const row = (await t.api('GET', `/api/admin/shows?movieId=${show.movieId}&pageSize=100`, { token: admin })).body.shows.find((s: { _id: string }) => s._id === show.id);
      expect(row).toMatchObject({ cancelled: true, soldSeats: 0, heldSeats: 0 });
      const listed = Object.values((await t.api('GET', `/api/show/${show.movieId}`)).body.dateTime).flat() as { showId: string }[];
      expect(listed.map((s) => s.showId)).not.toContain(show.id);
      const late = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('late@example.com'), body: { showId: show.id, selectedSeats: ['E5'] } });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This show has been cancelled by the cinema; pick another show');

      // Again: nothing more to do, nobody refunded twice.
      expect((await cancel(show.id)).body).toMatchObject({ outcome: 'already-cancelled', refunded: 0, released: 0 });
      const again = await t.store.outbox.list(10_000);
      expect(again.filter((m) => m.kind === 'cancellation-notice' && paid.some((b) => b.id === m.bookingId))).toHaveLength(3);
    });

    it('only staff cancel shows; an unknown show is 404 and a show that has started is 409', async () => {
      const show = await freshShow();
      expect((await cancel(show.id, await t.tokenFor('user@example.com'))).status).toBe(403);
      expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      const [past] = await t.store.shows.listWithSeats({ to: new Date() });
      if (past) {
        const started = await cancel(past.id);
        expect(started.status).toBe(409);
        expect(started.body.message).toBe('This show has already started; it can no longer be cancelled');
      }
    });

    it("changing a show's price applies to bookings made from then on; earlier ones keep their amount", async () => {
      const show = await freshShow();
      const before = await book(show.id, ['A5']);
      const res = await t.api('POST', `/api/admin/shows/${show.id}/price`, { token: admin, body: { showPrice: 21.5 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, showPrice: 21.5, message: expect.stringMatching(/^Price changed from \$\d+\.\d{2} to \$21\.50 for bookings made from now on$/) });
      const after = await book(show.id, ['A6', 'A7'], { paid: false });
      expect(after.amountCents).toBe(4300);
      expect((await t.store.bookings.get(before.id))!.amountCents).toBe(before.amountCents);
      const slot = (Object.values((await t.api('GET', `/api/show/${show.movieId}`)).body.dateTime).flat() as { showId: string; price: number }[]).find((s) => s.showId === show.id);
      expect(slot!.price).toBe(21.5);
      expect((await t.api('POST', `/api/admin/shows/${show.id}/price`, { token: admin, body: { showPrice: 10.001 } })).status).toBe(400);
      await cancel(show.id);
      expect((await t.api('POST', `/api/admin/shows/${show.id}/price`, { token: admin, body: { showPrice: 9 } })).status).toBe(409);
    });

    it('List Bookings is searched and paged on the server, with totals that keep refunded amounts apart from paid ones', async () => {
      const show = await freshShow();
      const paid = await book(show.id, ['F1', 'F2'], { name: 'Quentin Searchable' });
      const refunded = await book(show.id, ['F3'], { name: 'Quentin Refundable' });
      await book(show.id, ['F4'], { paid: false, name: 'Quentin Holder' });
      expect((await t.api('POST', `/api/booking/${refunded.id}/cancel`, { token: refunded.token })).body.outcome).toBe('cancelled');

      const list = async (query: string) => {
        const res = await t.api('GET', `/api/admin/all-bookings?${query}`, { token: admin });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as { bookings: { _id: string; ticketCode: string | null }[]; total: number; totals: Record<string, { count: number; amount?: number }> };
      };
      const byName = await list('q=quentin');
      expect(byName.total).toBe(3);
      expect(byName.totals).toEqual({
        paid: { count: 1, amount: paid.amountCents / 100 },
        refunded: { count: 1, amount: refunded.amountCents / 100 },
        refundPending: { count: 0, amount: 0 },
        unpaid: { count: 1 },
      });
      expect((await list(`q=${paid.ticketCode.slice(2, 8).toLowerCase()}`)).bookings.map((b) => b._id)).toEqual([paid.id]);
      expect((await list(`q=${encodeURIComponent('quentin.searchable@EXAMPLE')}`)).bookings.map((b) => b._id)).toEqual([paid.id]);
      expect((await list(`q=${encodeURIComponent('Searchable')}`)).bookings[0]).toMatchObject({ _id: paid.id, ticketCode: paid.ticketCode });
      // The movie's title finds its bookings (this show's among them), paged on the server.
      const byMovie = await list(`q=${encodeURIComponent(show.movie.title.toUpperCase())}&pageSize=2&page=1`);
      expect(byMovie.bookings).toHaveLength(2);
      expect(byMovie.total).toBeGreaterThanOrEqual(3);
      const page2 = await list(`q=${encodeURIComponent(show.movie.title)}&pageSize=2&page=2`);
      expect(page2.bookings.map((b) => b._id)).not.toContain(byMovie.bookings[0]!._id);
      // LIKE's and regular expressions' own characters are taken as text.
      expect((await list('q=%25')).total).toBe(0);
      expect((await list('q=.*')).total).toBe(0);
      // The dashboard's paid bookings count what the list's paid total counts.
      const everything = await list('pageSize=1');
      const dashboard = (await t.api('GET', '/api/admin/dashboard', { token: admin })).body.dashboardData;
      expect(dashboard.totalBookings).toBe(everything.totals.paid!.count);
      expect(everything.totals.paid!.count + everything.totals.refunded!.count + everything.totals.refundPending!.count + everything.totals.unpaid!.count).toBe(everything.total);
    });
  });
}
