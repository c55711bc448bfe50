import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TIME_ZONE } from '../src/cinemas/built-in-chain.ts';
import { zonedInstant } from '../src/contract/theatre-time.ts';
import { firstBookableSlot, type ShowSlot } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Every call of spec §7 through real HTTP, answered from seeded data, on each database lane. */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`REST contract on ${lane.name}`, () => {
    let t: TestApp;
    let user: string;
    let admin: string;
    let support: string;

    beforeAll(async () => {
      t = await startTestApp(lane);
      user = await t.tokenFor('user@example.com');
      admin = await t.tokenFor('admin@example.com', ['admin']);
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(() => t?.close());

    /** The first movie's first show that is still on sale, at any time of day the tests run. */
    async function firstShow() {
      const all = await t.api('GET', '/api/show/all');
      const movieId = all.body.shows[0]._id as string;
      const detail = await t.api('GET', `/api/show/${movieId}`);
      const { date, showId, time } = firstBookableSlot(detail.body.dateTime as Record<string, ShowSlot[]>);
      return { movieId, date, showId, time };
    }

    it('GET /api/show/all lists each seeded movie with upcoming shows once, with spec fields', async () => {
      const res = await t.api('GET', '/api/show/all');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.shows.length).toBeGreaterThanOrEqual(8);
      const ids = res.body.shows.map((m: { _id: string }) => m._id);
      expect(new Set(ids).size).toBe(ids.length);
      const movie = res.body.shows[0];
      for (const field of ['_id', 'title', 'tagline', 'overview', 'poster_path', 'backdrop_path', 'release_date', 'runtime', 'genres', 'vote_average', 'vote_count', 'casts']) {
        expect(movie).toHaveProperty(field);
      }
      expect(movie.casts).toHaveLength(12);
      expect(movie.casts[0]).toEqual({ name: expect.any(String), character: expect.any(String), profile_path: expect.stringMatching(/^\/.+\.svg$/) });
    });

    it('GET /api/show/:movieId groups upcoming show times by theatre date', async () => {
      const { movieId } = await firstShow();
      const res = await t.api('GET', `/api/show/${movieId}`);
      expect(res.status).toBe(200);
      expect(res.body.movie._id).toBe(movieId);
      const dates = Object.keys(res.body.dateTime);
      expect(dates.length).toBeGreaterThanOrEqual(7);
      for (const date of dates) {
        expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const slot of res.body.dateTime[date]) {
          expect(new Date(slot.time).toISOString()).toBe(slot.time);
          expect(slot.time.slice(0, 10)).toBe(date); // UTC theatre by default
          expect(new Date(slot.time).getTime()).toBeGreaterThan(Date.now());
        }
      }
      expect((await t.api('GET', '/api/show/999999')).status).toBe(404);
    });

    it('books seats, shows them occupied, lists them in My Bookings and rejects taking them twice', async () => {
      const { showId } = await firstShow();
      const before = await t.api('GET', `/api/booking/seats/${showId}`);
      expect(before.status).toBe(200);
      const free = ['A1', 'A2', 'B1', 'B2', 'J9'].filter((s) => !before.body.occupiedSeats.includes(s)).slice(0, 2);

      const created = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats: free } });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ success: true, url: expect.stringMatching(/\/api\/checkout\/sessions\/cs_local_/) });

      const after = await t.api('GET', `/api/booking/seats/${showId}`);
      expect(after.body.occupiedSeats).toEqual(expect.arrayContaining(free));

      const again = await t.api('POST', '/api/booking/create', { token: admin, body: { showId, selectedSeats: [free[0], 'J1'] } });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: `Seat ${free[0]} is already booked`, takenSeats: [free[0]] });
      // The failed attempt reserved nothing: J1 is still free.
      expect((await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats).not.toContain('J1');

      const mine = await t.api('GET', '/api/user/bookings', { token: user });
      expect(mine.status).toBe(200);
      const newest = mine.body.bookings[0];
      expect(newest).toMatchObject({ isPaid: false, bookedSeats: free, paymentLink: created.body.url, show: { _id: showId } });
      expect(newest.amount).toBe(newest.show.showPrice * free.length);
      expect(newest.show.movie.title).toEqual(expect.any(String));
      const times = mine.body.bookings.map((b: { createdAt: string }) => b.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const page = await t.api('GET', new URL(created.body.url).pathname);
      expect(page.status).toBe(200);
      expect(page.body).toContain(free.join(', '));
    });

    it('keeps bookings private: each user sees only their own', async () => {
      const stranger = await t.tokenFor('stranger@example.com');
      const res = await t.api('GET', '/api/user/bookings', { token: stranger });
      expect(res.body).toEqual({ success: true, bookings: [] });
    });

    it('refuses a show in the past and an unknown show', async () => {
      const past = (await t.store.shows.listWithSeats({})).find((s) => s.startsAt.getTime() < Date.now());
      expect(past).toBeDefined();
      const res = await t.api('POST', '/api/booking/create', { token: user, body: { showId: past!.id, selectedSeats: ['J5'] } });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/already started/);
      const unknown = await t.api('POST', '/api/booking/create', {
        token: user,
        body: { showId: '00000000-0000-4000-8000-000000000000', selectedSeats: ['J5'] },
      });
      expect(unknown.status).toBe(404);
      expect((await t.api('GET', '/api/booking/seats/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('toggles favourites', async () => {
      const { movieId } = await firstShow();
      const add = await t.api('POST', '/api/user/update-favorite', { token: user, body: { movieId } });
      expect(add.body).toMatchObject({ success: true, isFavorite: true });
      expect((await t.api('GET', '/api/user/favorites', { token: user })).body.movies.map((m: { _id: string }) => m._id)).toEqual([movieId]);
      const remove = await t.api('POST', '/api/user/update-favorite', { token: user, body: { movieId } });
      expect(remove.body).toMatchObject({ success: true, isFavorite: false });
      expect((await t.api('GET', '/api/user/favorites', { token: user })).body.movies).toEqual([]);
      expect((await t.api('POST', '/api/user/update-favorite', { token: user, body: { movieId: '424242' } })).status).toBe(404);
    });

    it('answers is-admin for any signed-in user', async () => {
      expect((await t.api('GET', '/api/admin/is-admin', { token: admin })).body).toEqual({ success: true, isAdmin: true, isSupport: false, isDoor: false });
      expect((await t.api('GET', '/api/admin/is-admin', { token: user })).body).toEqual({ success: true, isAdmin: false, isSupport: false, isDoor: false });
      expect((await t.api('GET', '/api/admin/is-admin', { token: support })).body).toEqual({ success: true, isAdmin: false, isSupport: true, isDoor: false });
    });

    it('gives admins shows with seat ledgers, bookings with user names, and the dashboard', async () => {
      const shows = await t.api('GET', '/api/admin/all-shows', { token: admin });
      expect(shows.status).toBe(200);
      const sold = shows.body.shows.find((s: { occupiedSeats: object }) => Object.keys(s.occupiedSeats).length > 0);
      expect(sold.movie.title).toEqual(expect.any(String));
      expect(Object.values(sold.occupiedSeats).every((v) => v === 'held' || v === 'paid')).toBe(true);

      const bookings = await t.api('GET', '/api/admin/all-bookings', { token: admin });
      expect(bookings.status).toBe(200);
      expect(bookings.body.total).toBeGreaterThanOrEqual(5);
      expect(bookings.body.bookings[0]).toMatchObject({ user: { name: expect.any(String) }, show: { movie: { title: expect.any(String) } } });

      const paid = await t.api('GET', '/api/admin/all-bookings?paid=true&pageSize=2', { token: admin });
      expect(paid.body.bookings).toHaveLength(2);
      expect(paid.body.bookings.every((b: { isPaid: boolean }) => b.isPaid)).toBe(true);
      const page2 = await t.api('GET', '/api/admin/all-bookings?paid=true&pageSize=2&page=2', { token: admin });
      expect(page2.body.bookings[0]._id).not.toBe(paid.body.bookings[0]._id);

      const dash = await t.api('GET', '/api/admin/dashboard', { token: admin });
      expect(dash.status).toBe(200);
      const data = dash.body.dashboardData;
      expect(data.totalBookings).toBe(paid.body.total);
      const allPaid = await t.api('GET', '/api/admin/all-bookings?paid=true&pageSize=200', { token: admin });
      const revenue = allPaid.body.bookings.reduce((sum: number, b: { amount: number }) => sum + b.amount, 0);
      expect(data.totalRevenue).toBeCloseTo(revenue, 2);
      expect(data.activeShows.length).toBe(shows.body.shows.length);
      expect(data.totalUser).toBeGreaterThanOrEqual(3);
    });

    it('lists now-playing movies and adds shows from the catalogue, once per instant', async () => {
      const nowPlaying = await t.api('GET', '/api/show/now-playing', { token: admin });
      expect(nowPlaying.status).toBe(200);
      const pick = nowPlaying.body.movies.at(-1);
      expect(pick).toMatchObject({ id: expect.any(Number), title: expect.any(String), vote_count: expect.any(Number) });

      // Past the seed's week: the default screen plays its seeded shows every day of it (one screen, one show at a time).
      const date = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
      const body = { movieId: String(pick.id), showsInput: [{ date, time: ['18:00', '21:15'] }], showPrice: 12.75 };
      const first = await t.api('POST', '/api/show/add', { token: admin, body });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, created: 2, skipped: 0 });
      const second = await t.api('POST', '/api/show/add', { token: admin, body });
      expect(second.body).toMatchObject({ success: true, created: 0, skipped: 2 });

      const detail = await t.api('GET', `/api/show/${pick.id}`);
      // On the cinema's clock (issue 52 part 3: the built-in chain's, India's).
      expect(detail.body.dateTime[date].map((s: { time: string }) => s.time)).toEqual([zonedInstant(date, '18:00', BUILT_IN_TIME_ZONE).toISOString(), zonedInstant(date, '21:15', BUILT_IN_TIME_ZONE).toISOString()]);
      expect(detail.body.movie.casts).toHaveLength(12);
      const all = await t.api('GET', '/api/show/all');
      expect(all.body.shows.map((m: { _id: string }) => m._id)).toContain(String(pick.id));
      const seats = await t.api('GET', `/api/booking/seats/${detail.body.dateTime[date][0].showId}`);
      expect(seats.body.occupiedSeats).toEqual([]);
      const adminShows = await t.api('GET', '/api/admin/all-shows', { token: admin });
      expect(adminShows.body.shows.find((s: { _id: string }) => s._id === detail.body.dateTime[date][0].showId).showPrice).toBe(12.75);
    });

    it('refuses shows in the past, impossible dates, sub-cent prices and unknown movies', async () => {
      const base = { movieId: '1001', showPrice: 10 };
      const past = await t.api('POST', '/api/show/add', { token: admin, body: { ...base, showsInput: [{ date: '2020-01-01', time: ['10:00'] }] } });
      expect(past.status).toBe(400);
      expect(past.body.message).toMatch(/in the past/);
      const future = new Date(Date.now() + 86_400_000).getUTCFullYear() + 1;
      const feb30 = await t.api('POST', '/api/show/add', { token: admin, body: { ...base, showsInput: [{ date: `${future}-02-30`, time: ['10:00'] }] } });
      expect(feb30.status).toBe(400);
      expect(feb30.body.message).toMatch(/date must be a calendar date/);
      const cents = await t.api('POST', '/api/show/add', { token: admin, body: { ...base, showPrice: 1.005, showsInput: [{ date: `${future}-01-10`, time: ['10:00'] }] } });
      expect(cents.status).toBe(400);
      const unknown = await t.api('POST', '/api/show/add', { token: admin, body: { ...base, movieId: '99999999', showsInput: [{ date: `${future}-01-10`, time: ['10:00'] }] } });
      expect(unknown.status).toBe(404);
    });

    it('gives support the debug lists, mark-paid with a confirmation email, and test email', async () => {
      const { showId } = await firstShow();
      const seats = (await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats as string[];
      const seat = ['G7', 'G8', 'G9', 'H7', 'H8'].find((s) => !seats.includes(s))!;
      const created = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats: [seat] } });
      const bookingId = created.body.bookingId;

      const unpaid = await t.api('GET', '/api/debug/unpaid-bookings', { token: support });
      expect(unpaid.status).toBe(200);
      const item = unpaid.body.unpaidBookings.find((b: { id: string }) => b.id === bookingId);
      expect(item).toMatchObject({ id: bookingId, movieTitle: expect.any(String), seats: [seat], hasPaymentLink: true, isPaid: false });
      expect(Date.parse(item.createdAt)).not.toBeNaN();

      const marked = await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId } });
      expect(marked.body).toEqual({ success: true, outcome: 'paid', message: 'Booking marked as paid and email sent' });
      const again = await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId } });
      expect(again.body).toEqual({ success: true, outcome: 'already-paid', message: 'Booking was already paid' });

      const mine = await t.api('GET', '/api/user/bookings', { token: user });
      expect(mine.body.bookings.find((b: { _id: string }) => b._id === bookingId)).toMatchObject({ isPaid: true, paymentLink: null });
      const all = await t.api('GET', '/api/debug/bookings', { token: support });
      expect(all.body.bookings.find((b: { id: string }) => b.id === bookingId).isPaid).toBe(true);

      const test = await t.api('POST', '/api/debug/test-email', { token: support, body: { bookingId } });
      expect(test.body).toMatchObject({ success: true });
      const outbox = await t.api('GET', '/api/debug/outbox', { token: support });
      const mails = outbox.body.messages.filter((m: { bookingId: string }) => m.bookingId === bookingId);
      expect(mails.map((m: { kind: string }) => m.kind).sort()).toEqual(['booking-confirmation', 'test']);
      expect(mails[0].toAddress).toBe('user@example.com');
      expect(mails.find((m: { kind: string }) => m.kind === 'booking-confirmation').text).toContain(seat);

      expect((await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    });

    it('answers verify-payment only for the caller\'s own payment session', async () => {
      const res = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: 'cs_test_unknown' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Payment session not found' });
    });

    it('serves the catalogue, images, config, health, OpenAPI and docs', async () => {
      expect((await t.api('GET', '/api/catalog/movie/now_playing')).body.results.length).toBeGreaterThan(0);
      expect((await t.api('GET', '/api/catalog/movie/1001/credits')).body.cast).toHaveLength(12);
      const movie = (await t.api('GET', '/api/show/all')).body.shows[0];
      const poster = await t.api('GET', `/api/images${movie.poster_path}`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toContain('image/svg+xml');
      expect((await t.api('GET', '/api/images/..%2f..%2fpackage.json')).status).toBe(404);
      const config = await t.api('GET', '/api/config');
      expect(config.body).toMatchObject({ success: true, imageBaseUrl: 'http://localhost:4000/api/images', currency: 'USD', paymentProvider: 'local' });
      expect((await t.api('GET', '/api/health')).body).toMatchObject({ success: true, status: 'ok' });
      const openapi = await t.api('GET', '/docs/json');
      expect(openapi.status).toBe(200);
      expect(Object.keys(openapi.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/booking/create',
          '/api/show/all',
          '/api/debug/mark-paid',
          '/api/debug/fix-payment',
          '/api/stripe/webhook',
          '/api/checkout/sessions/{sessionId}',
          '/api/checkout/bookings/{bookingId}',
          '/api/booking/{bookingId}/ticket.svg',
        ]),
      );
      expect(openapi.body.paths['/api/stripe/webhook'].post.tags).toEqual(['payments']);
      expect(openapi.body.paths['/api/debug/fix-payment'].post.tags).toEqual(['debug']);
      const docs = await t.api('GET', '/docs/');
      expect(docs.status).toBe(200);
    });

    it('answers unknown routes with the error envelope', async () => {
      const res = await t.api('GET', '/api/nope');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'No route GET /api/nope' });
    });

    it('answers a known address asked with a method it does not serve 405 with Allow, before reading a body', async () => {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'QUERY']) {
        const res = await t.api(method, '/api/show/all');
        expect(res.status, method).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect(res.body).toEqual({ success: false, message: `${method} is not allowed here: use GET, HEAD, OPTIONS` });
      }
      // A path parameter's address, and a body of no known type: the method is what is wrong.
      const pay = await t.api('PUT', '/api/checkout/sessions/cs_local_x/pay', { rawBody: 'x', headers: { 'content-type': 'application/x-unknown' } });
      expect(pay.status).toBe(405);
      expect(pay.headers.get('allow')).toBe('OPTIONS, POST');
      // POST /api/show/add's address has GET /api/show/:movieId's shape: a GET of it is a wrong method, not a bad id.
      const add = await t.api('GET', '/api/show/add');
      expect(add.status).toBe(405);
      expect(add.headers.get('allow')).toBe('OPTIONS, POST');
      expect((await t.api('GET', '/api/show/abc')).status).toBe(400);
      // An unknown address stays 404 whatever the method (OPTIONS is served everywhere, for CORS preflights).
      expect((await t.api('PUT', '/api/nope')).status).toBe(404);
    });
  });
}
