import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(t: TestApp, bytes: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer; got ${text}`));
    }, 5_000).unref();
  });
}

// Finding 6, each small case with the attack that showed it.
const lane = lanes[0]!;
describe.skipIf(lane.skipReason !== null)(`small cases of bad input on ${lane.name}`, () => {
  let t: TestApp;
  // Everything the service logs, to check no SQL leaks into it.
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(lane, { env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '5', REQUEST_TIMEOUT_SECONDS: '2' }, logLines });
  });
  afterAll(() => t?.close());

  it('a NUL in sessionId is a 400 that names the field, and nothing reaches the database', async () => {
    const res = await t.api('POST', '/api/booking/verify-payment', { token: await t.tokenFor('nul@example.com'), body: { sessionId: 'cs_test_\u0000abc' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('sessionId contains a NUL character');
    const logged = logLines.join('');
    // The log is really read: the refused request's own access line is in it.
    expect(logged).toContain('/api/booking/verify-payment');
    expect(logged).not.toMatch(/select|insert|from "/i);
  });

  it('?date=9999-12-31 on the admin bookings is a 400, not a 500', async () => {
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const res = await t.api('GET', '/api/admin/all-bookings?date=9999-12-31', { token: admin });
    expect(res.status).toBe(400);
    // The query's schema states the years (1970-2999), and refuses by it.
    expect(res.body).toEqual({ success: false, message: 'date must be a calendar date from 1970-01-01 to 2999-12-31 (YYYY-MM-DD)' });
    expect((await t.api('GET', '/api/admin/all-bookings?date=2999-12-31', { token: admin })).status).toBe(200);
  });

  it('an uppercase show id is refused instead of showing every seat free', async () => {
    const show = (await t.store.shows.listWithSeats({ from: new Date() })).find((s) => Object.keys(s.occupiedSeats).length > 0)!;
    const lower = await t.api('GET', `/api/booking/seats/${show.id}`);
    expect(lower.body.occupiedSeats.length).toBeGreaterThan(0);
    const upper = await t.api('GET', `/api/booking/seats/${show.id.toUpperCase()}`);
    expect(upper.status).toBe(400);
    expect(upper.body.success).toBe(false);
    expect((await t.api('GET', `/api/booking/seats/${show.id.toUpperCase()}/events`)).status).toBe(400);
  });

  it("Fastify's and Node's own refusals (414, 400, 431) come in the { success: false, message } envelope", async () => {
    const long = await t.api('GET', `/api/show/${'1'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ success: false, message: 'The address is too long' });

    const badUrl = await t.api('GET', '/api/show/%E0%A4%A');
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ success: false, message: 'The address is not valid' });

    const headers = await rawRequest(t, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(JSON.parse(headers.body)).toEqual({ success: false, message: 'The request headers are too large' });

    const garbage = await rawRequest(t, 'HELLO\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ success: false, message: 'The request is not valid HTTP' });
  });

  it('an address over 16 KiB is a 431, and a text body a 400, as docs/service/api.md says (issue 27)', async () => {
    const longAddress = await t.api('GET', `/api/show/${'1'.repeat(20_000)}`);
    expect(longAddress.status).toBe(431);
    expect(longAddress.body).toEqual({ success: false, message: 'The request headers are too large' });
    const text = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('text@example.com'), rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    const xml = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('text@example.com'), rawBody: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
  });

  it('a body that arrives too slowly is cut off with a 408 (issue 27: slow bodies were held open for good)', async () => {
    const token = await t.tokenFor('slow@example.com');
    const started = Date.now();
    // Declares 100 bytes, sends 12 and waits: the test app's request timeout is 2 s.
    const slow = await rawRequest(
      t,
      `POST /api/user/update-favorite HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"movieId":`,
    );
    expect(slow.status).toBe(408);
    expect(JSON.parse(slow.body)).toEqual({ success: false, message: 'The request took too long to arrive' });
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('a control character in a token\'s sub, name or email is a 401, not a 500 (issue 27)', async () => {
    for (const claims of [{ sub: 'test|nul\u0000' }, { name: 'Eve\u0000' }, { name: 'Eve\u001b[31m' }, { email: 'eve\u0000@example.com' }]) {
      const res = await t.api('GET', '/api/user/bookings', { token: await t.token({ email: 'eve@example.com', ...claims }) });
      expect(res.status, JSON.stringify(claims)).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid access token' });
    }
    expect((await t.api('GET', '/api/user/bookings', { token: await t.token({ email: 'eve@example.com', name: 'Ève Ø' }) })).status).toBe(200);
  });

  it('a token issued in the future, or longer ago than the maximum age, is a 401 (issue 27: iat in 2100 was accepted)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const year2100 = Date.UTC(2100, 0, 1) / 1000;
    const future = await t.token({ email: 'iat@example.com', issuedAt: year2100, expiresIn: year2100 + 3600 });
    expect(await t.api('GET', '/api/user/bookings', { token: future })).toMatchObject({ status: 401, body: { success: false, message: 'Invalid access token' } });
    const aMinuteAhead = await t.token({ email: 'iat@example.com', issuedAt: now + 60 });
    expect((await t.api('GET', '/api/user/bookings', { token: aMinuteAhead })).status).toBe(401);
    // Signed two days ago with a far expiry: older than the default maximum age of 24 hours.
    const old = await t.token({ email: 'iat@example.com', issuedAt: now - 2 * 86_400, expiresIn: now + 3600 });
    expect(await t.api('GET', '/api/user/bookings', { token: old })).toMatchObject({
      status: 401,
      body: { success: false, message: 'Your session has expired, please sign in again' },
    });
    expect((await t.api('GET', '/api/user/bookings', { token: await t.token({ email: 'iat@example.com', issuedAt: now - 3600 }) })).status).toBe(200);
  });

  it('a JSON body with a byte-order mark is refused', async () => {
    const res = await t.api('POST', '/api/user/update-favorite', {
      token: await t.tokenFor('bom@example.com'),
      rawBody: '\uFEFF{"movieId":"1001"}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Request body must not start with a byte-order mark' });
  });

  it('the webhook refuses an unsigned or oversized delivery before reading it, and is rate-limited per address', async () => {
    const unsigned = await t.api('POST', '/api/stripe/webhook', { rawBody: 'x'.repeat(10) });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toEqual({ success: false, message: 'Missing Stripe-Signature header' });
    // Declared 10 MB: refused on the headers, before the body is sent.
    const huge = await rawRequest(
      t,
      'POST /api/stripe/webhook HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nStripe-Signature: t=1,v1=x\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n',
    );
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({ success: false, message: 'Request body is too large' });
    // Two deliveries above already counted against the 5 a minute.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.api('POST', '/api/stripe/webhook', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=x' } })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
