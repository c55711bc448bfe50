import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows } from './support/bookable.ts';


for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`bad input gets a 400 that names the field and changes nothing on ${lane.name}`, () => {
    let t: TestApp;
    let user: string;
    let admin: string;
    let support: string;
    let showId: string;

    async function snapshot() {
      const [bookings, shows, users, outbox] = await Promise.all([
        t.store.bookings.list({}, { offset: 0, limit: 10_000 }),
        t.store.shows.listWithSeats({}),
        t.store.users.count(),
        t.store.outbox.list(10_000),
      ]);
      return JSON.stringify({ bookings, shows, users, outbox: outbox.length });
    }

    beforeAll(async () => {
      t = await startTestApp(lane);
      user = await t.tokenFor('user@example.com');
      admin = await t.tokenFor('admin@example.com', ['admin']);
      support = await t.tokenFor('support@example.com', ['support']);
      showId = (await bookableHallShows(t.store))[0]!.id;
      // Make sure the users behind these tokens exist before the snapshots.
      for (const token of [user, admin, support]) await t.api('GET', '/api/admin/is-admin', { token });
    });
    afterAll(() => t?.close());

    const cases: [string, string, () => string, () => unknown, RegExp][] = [
      ['missing field', '/api/booking/create', () => user, () => ({ showId }), /selectedSeats is required/],
      ['unknown field', '/api/booking/create', () => user, () => ({ showId, selectedSeats: ['A1'], isPaid: true }), /isPaid is not an accepted field/],
      ['wrong type', '/api/booking/create', () => user, () => ({ showId, selectedSeats: 'A1' }), /selectedSeats must be of type array/],
      ['operator object', '/api/booking/create', () => user, () => ({ showId: { $gt: '' }, selectedSeats: ['A1'] }), /showId must be of type string/],
      ['operator in array', '/api/booking/create', () => user, () => ({ showId, selectedSeats: [{ $ne: null }] }), /selectedSeats\[0\] must be of type string/],
      ['too many seats', '/api/booking/create', () => user, () => ({ showId, selectedSeats: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'] }), /selectedSeats must have at most 5 items/],
      ['no seats', '/api/booking/create', () => user, () => ({ showId, selectedSeats: [] }), /selectedSeats must have at least 1 item/],
      ['seat id of no layout', '/api/booking/create', () => user, () => ({ showId, selectedSeats: ['A0'] }), /selectedSeats\[0\] must match pattern/],
      ['repeated seat', '/api/booking/create', () => user, () => ({ showId, selectedSeats: ['A1', 'A1'] }), /Seat A1 is selected more than once/],
      ['injection string as id', '/api/booking/create', () => user, () => ({ showId: "1' OR '1'='1", selectedSeats: ['A1'] }), /showId must match pattern/],
      ['injection in favourite', '/api/user/update-favorite', () => user, () => ({ movieId: '1; drop table movies' }), /movieId must (match pattern|be at most 10 characters)/],
      ['negative price', '/api/show/add', () => admin, () => ({ movieId: '1001', showsInput: [{ date: '2099-01-01', time: ['10:00'] }], showPrice: -1 }), /showPrice must be >= 0/],
      ['price as text', '/api/show/add', () => admin, () => ({ movieId: '1001', showsInput: [{ date: '2099-01-01', time: ['10:00'] }], showPrice: '12' }), /showPrice must be of type number/],
      ['bad time', '/api/show/add', () => admin, () => ({ movieId: '1001', showsInput: [{ date: '2099-01-01', time: ['25:00'] }], showPrice: 5 }), /showsInput\[0\]\.time\[0\] must match pattern/],
      ['missing showsInput', '/api/show/add', () => admin, () => ({ movieId: '1001', showPrice: 5 }), /showsInput is required/],
      ['too many dates', '/api/show/add', () => admin, () => ({ movieId: '1001', showsInput: Array.from({ length: 63 }, () => ({ date: '2099-01-01', time: ['10:00'] })), showPrice: 5 }), /showsInput must have at most 62 items/],
      ['operator as booking id', '/api/debug/mark-paid', () => support, () => ({ bookingId: { $exists: true } }), /bookingId must be of type string/],
      ['body is an array', '/api/debug/test-email', () => support, () => [{ bookingId: 'x' }], /must be of type object/],
    ];

    for (const [label, path, token, body, message] of cases) {
      it(`${path}: ${label}`, async () => {
        const before = await snapshot();
        const res = await t.api('POST', path, { token: token(), body: body() });
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(message);
        expect(await snapshot()).toBe(before);
      });
    }

    it("/api/booking/create: a seat outside the show's hall is a conflict with its layout (409, nothing held)", async () => {
      const before = await snapshot();
      const res = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats: ['K1'] } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: 'Unknown seat K1: seats are A1 to J9' });
      expect(await snapshot()).toBe(before);
    });

    it('refuses malformed JSON, a wrong content type and an oversized body without a 500', async () => {
      const before = await snapshot();
      const broken = await t.api('POST', '/api/booking/create', { token: user, rawBody: '{"showId": ' });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ success: false, message: 'Request body is not valid JSON' });
      const huge = await t.api('POST', '/api/booking/create', {
        token: user,
        rawBody: JSON.stringify({ showId, selectedSeats: ['A1'], pad: 'x'.repeat(64 * 1024) }),
      });
      // 413, not 400: issue 17 asks for the right 4xx for every failure.
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ success: false, message: 'Request body is too large' });
      const text = await t.api('POST', '/api/booking/create', { token: user, rawBody: 'showId=1', headers: { 'content-type': 'text/plain' } });
      expect(text.status).toBeGreaterThanOrEqual(400);
      expect(text.status).toBeLessThan(500);
      expect(text.body.success).toBe(false);
      expect(await snapshot()).toBe(before);
    });

    it('refuses bad path and query parameters', async () => {
      expect((await t.api('GET', '/api/booking/seats/not-a-uuid')).body).toEqual({
        success: false,
        // Lowercase only since issue 17: an uppercase id showed every seat free.
        message: 'showId must match pattern "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"',
      });
      expect((await t.api('GET', '/api/show/abc')).status).toBe(400);
      const query = await t.api('GET', '/api/admin/all-bookings?pageSize=500', { token: admin });
      expect(query.status).toBe(400);
      expect(query.body.message).toMatch(/pageSize/);
      const unknown = await t.api('GET', '/api/admin/all-bookings?sort[$gt]=1', { token: admin });
      expect(unknown.status).toBe(400);
    });
  });
}
