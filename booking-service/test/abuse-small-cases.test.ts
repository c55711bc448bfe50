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
    setTimeout(() => reject(new Error(`no answer; got ${text}`)), 5_000).unref();
  });
}

// Finding 6, each small case with the attack that showed it.
const lane = lanes[0]!;
describe(`small cases of bad input on ${lane.name}`, () => {
  let t: TestApp;
  let logged = '';
  beforeAll(async () => {
    t = await startTestApp(lane, { env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '5' } });
    // Everything the service logs from here on, to check no SQL leaks into it.
    t.app.log.level = 'info';
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      logged += String(chunk);
      return write(chunk, ...rest);
    }) as typeof process.stdout.write;
  });
  afterAll(() => t?.close());

  it('a NUL in sessionId is a 400 that names the field, and nothing reaches the database', async () => {
    const res = await t.api('POST', '/api/booking/verify-payment', { token: await t.tokenFor('nul@example.com'), body: { sessionId: 'cs_test_\u0000abc' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^sessionId must match pattern/);
    expect(logged).not.toMatch(/select|insert|from "/i);
  });

  it('?date=9999-12-31 on the admin bookings is a 400, not a 500', async () => {
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const res = await t.api('GET', '/api/admin/all-bookings?date=9999-12-31', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'date must be from 1970-01-01 to 2999-12-31' });
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
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
