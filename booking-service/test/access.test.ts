import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const SOME_UUID = '00000000-0000-4000-8000-000000000000';

/** Who may call what: [method, path, body, who is allowed]. */
const ROUTES: [string, string, unknown, 'user' | 'admin' | 'support'][] = [
  ['GET', '/api/admin/is-admin', undefined, 'user'],
  ['GET', '/api/user/favorites', undefined, 'user'],
  ['POST', '/api/user/update-favorite', { movieId: '1001' }, 'user'],
  ['GET', '/api/user/bookings', undefined, 'user'],
  ['POST', '/api/booking/create', { showId: SOME_UUID, selectedSeats: ['A1'] }, 'user'],
  ['POST', '/api/booking/verify-payment', { sessionId: 'cs_x' }, 'user'],
  ['GET', '/api/show/now-playing', undefined, 'admin'],
  ['POST', '/api/show/add', { movieId: '1001', showsInput: [{ date: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10), time: ['10:00'] }], showPrice: 5 }, 'admin'],
  ['GET', '/api/admin/all-shows', undefined, 'admin'],
  ['GET', '/api/admin/shows', undefined, 'admin'],
  ['GET', '/api/admin/all-bookings', undefined, 'admin'],
  ['GET', '/api/admin/dashboard', undefined, 'admin'],
  ['GET', '/api/debug/bookings', undefined, 'support'],
  ['GET', '/api/debug/unpaid-bookings', undefined, 'support'],
  ['POST', '/api/debug/mark-paid', { bookingId: SOME_UUID }, 'support'],
  ['POST', '/api/debug/test-email', { bookingId: SOME_UUID }, 'support'],
  ['GET', '/api/debug/outbox', undefined, 'support'],
  ['GET', `/api/debug/bookings/${SOME_UUID}/history`, undefined, 'support'],
  ['POST', '/api/debug/fix-payment', { bookingId: SOME_UUID }, 'support'],
  ['GET', `/api/booking/${SOME_UUID}/ticket.svg`, undefined, 'user'],
  ['POST', `/api/booking/${SOME_UUID}/recheck-payment`, undefined, 'user'],
  ['POST', `/api/booking/${SOME_UUID}/release`, undefined, 'user'],
];


for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`access rules (real HTTP, real token verification) on ${lane.name}`, () => {
    let t: TestApp;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      t = await startTestApp(lane);
      tokens.user = await t.tokenFor('user@example.com');
      tokens.admin = await t.tokenFor('admin@example.com', ['admin']);
      tokens.support = await t.tokenFor('support@example.com', ['support']);
      tokens.expired = await t.token({ expiresIn: Math.floor(Date.now() / 1000) - 60 });
      tokens.wrongAudience = await t.token({ audience: 'https://someone-else/api' });
      tokens.wrongIssuer = await t.token({ issuer: 'https://evil.example/' });
      tokens.foreignKey = await t.signer.foreignToken();
      const good = await t.tokenFor('user@example.com');
      const [header, payload, signature] = good.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims['https://movie-app/roles'] = ['admin', 'support'];
      tokens.tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      tokens.algNone = `${none}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp })).toString('base64url')}.`;
    });
    afterAll(() => t?.close());

    for (const [method, path, body, allowed] of ROUTES) {
      it(`${method} ${path}: 401 without a valid token`, async () => {
        for (const token of [undefined, 'expired', 'wrongAudience', 'wrongIssuer', 'foreignKey', 'tampered', 'algNone', 'garbage']) {
          const res = await t.api(method, path, { token: token && (tokens[token] ?? 'not-a-jwt'), body });
          expect(res.status, `token ${token}`).toBe(401);
          expect(res.body.success).toBe(false);
          expect(res.body.message).toEqual(expect.any(String));
        }
      });

      it(`${method} ${path}: only for ${allowed === 'user' ? 'any signed-in user' : `the ${allowed} role`}`, async () => {
        for (const who of ['user', 'admin', 'support'] as const) {
          const res = await t.api(method, path, { token: tokens[who], body });
          const mayCall = allowed === 'user' || allowed === who;
          if (mayCall) expect([200, 404], `${who}: ${JSON.stringify(res.body)}`).toContain(res.status);
          else {
            expect(res.status, who).toBe(403);
            expect(res.body.success).toBe(false);
          }
        }
      });
    }

    it('another moviegoer can neither see, nor pay, nor fetch the ticket of a booking, nor touch its owner\'s favourites', async () => {
      const all = await t.api('GET', '/api/show/all');
      const movieId = all.body.shows[0]._id;
      const detail = await t.api('GET', `/api/show/${movieId}`);
      // The movie's last show on the spec's hall (its seat ids, whatever the hour: the seed plays every screen).
      const showId = (Object.values(detail.body.dateTime) as { showId: string; screenId?: string }[][]).flat().filter((s) => s.screenId === DEFAULT_SCREEN_ID).at(-1)!.showId;
      const created = await t.api('POST', '/api/booking/create', { token: tokens.user, body: { showId, selectedSeats: ['J9'] } });
      expect(created.status).toBe(200);
      const booking = (await t.store.bookings.get(created.body.bookingId))!;
      await t.api('POST', '/api/user/update-favorite', { token: tokens.user, body: { movieId } });
      const other = await t.tokenFor('other-moviegoer@example.com');

      const theirBookings = await t.api('GET', '/api/user/bookings', { token: other });
      expect(theirBookings.status).toBe(200);
      expect(JSON.stringify(theirBookings.body)).not.toContain(booking.id);
      const ticket = await t.api('GET', `/api/booking/${booking.id}/ticket.svg`, { token: other });
      expect(ticket.status).toBe(404);
      const verify = await t.api('POST', '/api/booking/verify-payment', { token: other, body: { sessionId: booking.paymentSessionId } });
      expect(verify.body.success).toBe(false);
      expect(JSON.stringify(verify.body)).not.toContain(booking.id);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      const theirFavourites = await t.api('GET', '/api/user/favorites', { token: other });
      expect(JSON.stringify(theirFavourites.body)).not.toContain(`"${movieId}"`);

      // The owner still sees and can fetch all of it.
      expect(JSON.stringify((await t.api('GET', '/api/user/bookings', { token: tokens.user })).body)).toContain(booking.id);
      expect((await t.api('GET', '/api/user/favorites', { token: tokens.user })).body.movies.map((m: { _id: string }) => m._id)).toContain(movieId);
    });

    it('says why an expired token is refused', async () => {
      const res = await t.api('GET', '/api/user/bookings', { token: tokens.expired });
      expect(res.body).toEqual({ success: false, message: 'Your session has expired, please sign in again' });
    });

    it('turns a moviegoer away from admin calls with the spec message', async () => {
      const res = await t.api('GET', '/api/admin/dashboard', { token: tokens.user });
      expect(res.body).toEqual({ success: false, message: 'You are not authorized to access admin dashboard' });
    });

    it('accepts Auth0-style tokens: typ JWT and an audience array', async () => {
      const token = await t.token({ typ: 'JWT', audience: ['https://movie-app/api', 'https://tenant.auth0.com/userinfo'] });
      expect((await t.api('GET', '/api/user/bookings', { token })).status).toBe(200);
    });

    it('creates the user on first call from the token and refreshes the name later', async () => {
      const sub = 'auth0|new-person';
      await t.api('GET', '/api/user/favorites', { token: await t.token({ sub, email: 'new@example.com', name: 'New Person' }) });
      expect(await t.store.users.get(sub)).toEqual({ id: sub, name: 'New Person', email: 'new@example.com' });
      await t.api('GET', '/api/user/favorites', { token: await t.token({ sub, email: 'new@example.com', name: 'Renamed Person' }) });
      expect((await t.store.users.get(sub))?.name).toBe('Renamed Person');
    });

    it('sends security headers and allows only the configured origins', async () => {
      const res = await t.api('GET', '/api/show/all', { headers: { origin: 'http://localhost:3000' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      // An API answer: nothing in it may load, run or be framed (OWASP's REST set); the HTML-only headers are the pages'.
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
      // The API docs are a page: helmet's whole set, with the CSP the docs' own scripts and styles need.
      const docs = await fetch(`${t.baseUrl}/docs/static/index.html`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
      const evil = await t.api('GET', '/api/show/all', { headers: { origin: 'https://evil.example' } });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe.skipIf(lane.skipReason !== null)(`rate limits on ${lane.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(lane, { env: { BOOKING_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '1000' } });
    });
    afterAll(() => t?.close());

    it('stops one user hammering booking creation with 429 and Retry-After, without affecting another user', async () => {
      const hammer = await t.tokenFor('hammer@example.com');
      const body = { showId: SOME_UUID, selectedSeats: ['A1'] };
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await t.api('POST', '/api/booking/create', { token: hammer, body })).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const limited = await t.api('POST', '/api/booking/create', { token: hammer, body });
      expect(limited.body.success).toBe(false);
      expect(limited.body.message).toMatch(/Too many requests/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      const other = await t.tokenFor('calm@example.com');
      expect((await t.api('POST', '/api/booking/create', { token: other, body })).status).toBe(404);
    });
  });
}
