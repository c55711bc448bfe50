import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableFrom } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';

interface ShowRow { _id: string; movie: { _id: string; title: string }; showDateTime: string; showPrice: number; soldSeats: number; heldSeats: number; totalSeats: number; revenue: number }
interface SupportRow { id: string; ticketCode: string; userEmail: string; status: string; isPaid: boolean }

/** Staff lists that scale (issue 29): List Shows and the support desk's search, and support's audit trail, on each database lane. */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`staff lists on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let support: string;
    let customer: string;

    beforeAll(async () => {
      t = await startTestApp(lane);
      admin = await t.tokenFor('admin@example.com', ['admin']);
      support = await t.tokenFor('support@example.com', ['support']);
      customer = await t.tokenFor('Staff.Lists.Customer@example.com');
    });
    afterAll(() => t?.close());

    const shows = async (query: string) => {
      const res = await t.api('GET', `/api/admin/shows${query}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { shows: ShowRow[]; total: number; page: number; pageSize: number; movies: { id: string; title: string }[] };
    };

    /** Every upcoming show in List Shows' order, page after page (the seed's week plays every screen: more than a page). */
    const everyShow = async (query = '') => {
      const rows: ShowRow[] = [];
      for (let page = 1; ; page++) {
        const next = await shows(`?pageSize=200&page=${page}${query}`);
        rows.push(...next.shows);
        if (rows.length >= next.total || next.shows.length === 0) return { shows: rows, total: next.total, movies: next.movies };
      }
    };

    let customers = 0;
    /** A new unpaid booking on the first bookable show's free seats, by a new customer (a released hold has a cooldown per account). */
    async function book(seatCount = 1, token?: string) {
      token ??= await t.tokenFor(`staff.lists.${++customers}@example.com`);
      // On the spec's hall (the seats below are its).
      const [show] = (await t.store.shows.listWithSeats({ from: bookableFrom() })).filter((s) => s.screenId === DEFAULT_SCREEN_ID && s.cancelledAt === null);
      const taken = (await t.api('GET', `/api/booking/seats/${show!.id}`)).body.occupiedSeats as string[];
      const free = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].flatMap((row) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${row}${n}`)).filter((s) => !taken.includes(s));
      const created = await t.api('POST', '/api/booking/create', { token, body: { showId: show!.id, selectedSeats: free.slice(0, seatCount) } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return { ...(await t.store.bookings.get(created.body.bookingId as string))!, token };
    }

    describe('List Shows', () => {
      it('pages upcoming shows with a total, and counts sold seats against the hall and their revenue', async () => {
        const everyUpcoming = (await t.api('GET', '/api/admin/all-shows', { token: admin })).body.shows as { _id: string; showPrice: number; occupiedSeats: Record<string, string>; screen: { _id: string } }[];
        const cinemas = (await t.api('GET', '/api/admin/cinemas', { token: admin })).body.cinemas as { screens: { _id: string; seatCount: number }[] }[];
        const seatCount = (screenId: string) => cinemas.flatMap((c) => c.screens).find((screen) => screen._id === screenId)!.seatCount;
        const first = await shows('?pageSize=10');
        expect(first).toMatchObject({ page: 1, pageSize: 10, total: everyUpcoming.length });
        expect(first.shows).toHaveLength(10);
        const second = await shows('?pageSize=10&page=2');
        expect(second.shows.map((s) => s._id)).not.toContain(first.shows[0]!._id);
        expect(new Set([...first.shows, ...second.shows].map((s) => s._id)).size).toBe(20);
        for (const row of [...first.shows, ...second.shows]) {
          const ledger = everyUpcoming.find((s) => s._id === row._id)!;
          const paid = Object.values(ledger.occupiedSeats).filter((state) => state === 'paid').length;
          expect(row).toMatchObject({ soldSeats: paid, totalSeats: seatCount(ledger.screen._id), revenue: Math.round(paid * ledger.showPrice * 100) / 100 });
        }
        // Soonest first by default.
        const times = first.shows.map((s) => Date.parse(s.showDateTime));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      });

      it('filters by movie and by a date range of the theatre, both days included', async () => {
        const all = await everyShow();
        const movie = all.movies[0]!;
        const ofMovie = await shows(`?pageSize=200&movieId=${movie.id}`);
        expect(ofMovie.total).toBeGreaterThan(0);
        expect(ofMovie.total).toBeLessThan(all.total);
        expect(ofMovie.shows.every((s) => s.movie._id === movie.id)).toBe(true);

        const day = all.shows[all.shows.length - 1]!.showDateTime.slice(0, 10); // UTC theatre in tests
        const oneDay = await shows(`?pageSize=200&from=${day}&to=${day}`);
        expect(oneDay.total).toBeGreaterThan(0);
        expect(oneDay.shows.every((s) => s.showDateTime.startsWith(day))).toBe(true);
        expect(oneDay.total).toBe(all.shows.filter((s) => s.showDateTime.startsWith(day)).length);
      });

      it("searches by the movie's title and reads given shows by id, paged on the server past the first 100 (On Sale's picker, issue 43)", async () => {
        const all = await everyShow();
        expect(all.total).toBeGreaterThan(100);
        // The last shows, beyond any first 100, are reached by paging.
        const lastPage = await shows(`?pageSize=100&page=${Math.ceil(all.total / 100)}`);
        expect(lastPage.shows.at(-1)!._id).toBe(all.shows.at(-1)!._id);
        const title = all.shows.at(-1)!.movie.title;
        const part = title.slice(1, 6).toUpperCase();
        const found = await shows(`?pageSize=200&q=${encodeURIComponent(part)}`);
        expect(found.total).toBe(all.shows.filter((s) => s.movie.title.toUpperCase().includes(part)).length);
        expect(found.shows.every((s) => s.movie.title.toUpperCase().includes(part))).toBe(true);
        const picked = [all.shows[0]!._id, all.shows.at(-1)!._id];
        const byId = await shows(`?ids=${picked.join(',')}`);
        expect(byId.shows.map((s) => s._id)).toEqual(picked);
        expect((await t.api('GET', '/api/admin/shows?ids=not-an-id', { token: admin })).status).toBe(400);
      });

      it('sorts by movie, sold seats and revenue, either way', async () => {
        await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: (await book(3)).id } });
        const bySold = (await shows('?pageSize=200&sort=sold&order=desc')).shows.map((s) => s.soldSeats);
        expect(bySold[0]).toBeGreaterThanOrEqual(3);
        expect(bySold).toEqual([...bySold].sort((a, b) => b - a));
        const byRevenue = (await shows('?pageSize=200&sort=revenue')).shows.map((s) => s.revenue);
        expect(byRevenue).toEqual([...byRevenue].sort((a, b) => a - b));
        const byMovie = (await shows('?pageSize=200&sort=movie')).shows.map((s) => s.movie.title);
        expect(byMovie).toEqual([...byMovie].sort((a, b) => a.localeCompare(b, 'en')));
      });

      it('refuses bad filters with a clear message', async () => {
        for (const [query, message] of [
          ['?from=2026-02-30', /must be a calendar date/],
          ['?from=2030-01-02&to=2030-01-01', /must not be after/],
          ['?sort=price', /sort/],
          ['?pageSize=500', /pageSize/],
        ] as const) {
          const res = await t.api('GET', `/api/admin/shows${query}`, { token: admin });
          expect(res.status, query).toBe(400);
          expect(res.body.message, query).toMatch(message);
        }
      });
    });

    describe('support desk', () => {
      const search = async (query: string) => {
        const res = await t.api('GET', `/api/debug/bookings${query}`, { token: support });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as { bookings: SupportRow[]; total: number; page: number; pageSize: number };
      };

      it("finds a booking by the customer's email in any case, its ticket code as quoted, or its id, with the email shown", async () => {
        const booking = await book(1, customer);
        for (const q of ['staff.lists.customer@EXAMPLE.com', booking.ticketCode.toLowerCase(), booking.id]) {
          const found = await search(`?q=${encodeURIComponent(q)}`);
          expect(found.bookings.map((b) => b.id), q).toContain(booking.id);
          expect(found.bookings.find((b) => b.id === booking.id), q).toMatchObject({ ticketCode: booking.ticketCode, userEmail: 'Staff.Lists.Customer@example.com' });
        }
        expect((await search(`?q=${booking.ticketCode}`)).total).toBe(1);
        expect((await search('?q=nobody@example.com')).total).toBe(0);
        // Letters are part of a name (support-timeline.test.ts); digits that are no ticket code are nothing to search by.
        expect((await t.api('GET', '/api/debug/bookings?q=ana', { token: support })).status).toBe(200);
        const bad = await t.api('GET', '/api/debug/bookings?q=1234', { token: support });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/email or name, a ticket code .* or a booking id/);
      });

      it('pages the list with a total', async () => {
        const all = await search('?pageSize=2');
        expect(all.bookings).toHaveLength(2);
        expect(all.total).toBeGreaterThan(2);
        const next = await search('?pageSize=2&page=2');
        expect(next.bookings.map((b) => b.id)).not.toContain(all.bookings[0]!.id);
      });

      it('leaves cancelled bookings out of Unpaid, and lists them under their own view', async () => {
        const booking = await book();
        const released = await t.api('POST', `/api/booking/${booking.id}/release`, { token: booking.token });
        expect(released.status, JSON.stringify(released.body)).toBe(200);
        const unpaid = await search('?view=unpaid&pageSize=200');
        expect(unpaid.bookings.map((b) => b.id)).not.toContain(booking.id);
        expect(unpaid.bookings.every((b) => b.status === 'held' && !b.isPaid)).toBe(true);
        const legacy = (await t.api('GET', '/api/debug/unpaid-bookings', { token: support })).body.unpaidBookings as SupportRow[];
        expect(legacy.map((b) => b.id)).not.toContain(booking.id);
        const cancelled = await search(`?view=cancelled&q=${booking.ticketCode}`);
        expect(cancelled.bookings).toEqual([expect.objectContaining({ id: booking.id, status: 'cancelled' })]);
      });

      it('records mark as paid and fix payment with who did them and the outcome, in the booking history', async () => {
        const other = await t.tokenFor('second.support@example.com', ['support']);
        const booking = await book();
        const fixed = await t.api('POST', '/api/debug/fix-payment', { token: other, body: { bookingId: booking.id } });
        expect(fixed.status).toBe(200);
        const marked = await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } });
        expect(marked.body).toMatchObject({ outcome: 'paid' });
        await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } });

        const history = await t.api('GET', `/api/debug/bookings/${booking.id}/history`, { token: support });
        expect(history.status).toBe(200);
        expect(history.body.actions).toEqual([
          expect.objectContaining({ kind: 'fix-payment', actorEmail: 'second.support@example.com', outcome: fixed.body.outcome, message: fixed.body.message }),
          expect.objectContaining({ kind: 'mark-paid', actorEmail: 'support@example.com', outcome: 'paid', message: 'Booking marked as paid and email sent' }),
          expect.objectContaining({ kind: 'mark-paid', actorEmail: 'support@example.com', outcome: 'already-paid' }),
        ]);
        for (const action of history.body.actions) expect(Date.parse(action.createdAt)).not.toBeNaN();
        // Stored durably: the store answers the same after the request.
        expect(await t.store.supportActions.listForBooking(booking.id)).toHaveLength(3);
      });

      it('records a refused mark as paid too', async () => {
        const booking = await book();
        await t.api('POST', `/api/booking/${booking.id}/release`, { token: booking.token });
        const refused = await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } });
        expect(refused.status).toBe(409);
        const history = await t.api('GET', `/api/debug/bookings/${booking.id}/history`, { token: support });
        expect(history.body.actions).toEqual([expect.objectContaining({ kind: 'mark-paid', outcome: 'refused', actorEmail: 'support@example.com' })]);
        expect((await t.api('GET', '/api/debug/bookings/00000000-0000-4000-8000-000000000000/history', { token: support })).status).toBe(404);
      });
    });
  });
}
