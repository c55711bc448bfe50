import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { freeSeats } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows } from './support/bookable.ts';

interface OpenedStream {
  status: number;
  body: Promise<string>;
  close(): void;
}

/** Opens a seat stream on its own socket, as another client would; `from` is the address a trusted proxy reports. */
function openStream(t: TestApp, showId: string, options: { from: string; token?: string }): Promise<OpenedStream> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-forwarded-for': options.from };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = http.get({ host: '127.0.0.1', port, path: `/api/booking/seats/${showId}/events`, agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      const body = new Promise<string>((done) => {
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(text));
        response.on('close', () => done(text));
      });
      resolve({ status: response.statusCode!, body, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

// Finding 1: streams were uncapped, so one anonymous client could exhaust the service's file handles.
const lane = lanes[0]!;
describe.skipIf(lane.skipReason !== null)(`live seat streams are capped on ${lane.name}`, () => {
  let t: TestApp;
  let shortLived: TestApp;
  const streams: OpenedStream[] = [];
  beforeAll(async () => {
    t = await startTestApp(lane, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        SEAT_STREAMS_PER_ADDRESS: '10',
        SEAT_STREAMS_PER_USER: '3',
        SEAT_STREAMS_PER_SHOW: '25',
        SEAT_STREAMS_TOTAL: '30',
      },
    });
    // A second instance on the same database whose streams end after 5 s.
    shortLived = await startTestApp(lane, { store: t.store, env: { SEAT_STREAM_MAX_SECONDS: '5' } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await shortLived?.close();
    await t?.close();
  });

  it('refuses streams past each cap with a clear 429/503 while bookings, seat reads and health keep working', async () => {
    const shows = (await t.store.shows.listWithSeats({ from: new Date() })).filter((s) => s.startsAt.getTime() > Date.now() + 3600_000);
    const [first, second] = [shows[0]!.id, shows[1]!.id];

    // Per address: 10 streams from one address, the 11th is refused; another address still gets one.
    for (let i = 0; i < 10; i++) streams.push(await openStream(t, first, { from: '203.0.113.1' }));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
    const overAddress = await openStream(t, first, { from: '203.0.113.1' });
    expect(overAddress.status).toBe(429);
    expect(JSON.parse(await overAddress.body)).toEqual({
      success: false,
      message: 'Too many live seat maps open from your address (at most 10); the seat map updates every few seconds instead',
    });

    // Per user: the same account from three addresses, the fourth is refused.
    const token = await t.tokenFor('streamer@example.com');
    for (let i = 0; i < 3; i++) streams.push(await openStream(t, second, { from: `198.51.100.${i + 1}`, token }));
    const overUser = await openStream(t, second, { from: '198.51.100.9', token });
    expect(overUser.status).toBe(429);
    expect(JSON.parse(await overUser.body).message).toContain('for your account (at most 3)');

    // Per show: 25 on the first show (10 already), then 503.
    for (let i = 0; i < 15; i++) streams.push(await openStream(t, first, { from: `192.0.2.${i + 1}` }));
    const overShow = await openStream(t, first, { from: '192.0.2.200' });
    expect(overShow.status).toBe(503);
    expect(JSON.parse(await overShow.body).message).toBe("This show's live seat map is full right now; the seat map updates every few seconds instead");

    // Overall: 28 open, two more on another show, then 503 for anyone.
    for (let i = 0; i < 2; i++) streams.push(await openStream(t, shows[2]!.id, { from: `192.0.2.${100 + i}` }));
    const overTotal = await openStream(t, shows[3]!.id, { from: '192.0.2.250' });
    expect(overTotal.status).toBe(503);
    expect(JSON.parse(await overTotal.body).message).toContain('at capacity');

    // The service still serves everyone else: a booking, the seat list the page polls, health.
    const { showId, seats } = await freeSeats(t, 2, 4);
    const booked = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('buyer@example.com'), body: { showId, selectedSeats: seats } });
    expect(booked.status).toBe(200);
    const polled = await t.api('GET', `/api/booking/seats/${showId}`);
    expect(polled.status).toBe(200);
    expect(polled.body.occupiedSeats).toEqual(expect.arrayContaining(seats));
    expect((await t.api('GET', '/api/health')).status).toBe(200);

    // A closed stream frees its place.
    streams.shift()!.close();
    let again = await openStream(t, first, { from: '203.0.113.1' });
    // The server sees the close a moment later (longer on a busy machine).
    for (let tries = 0; again.status !== 200 && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await openStream(t, first, { from: '203.0.113.1' });
    }
    streams.push(again);
    expect(again.status).toBe(200);
  });

  it('ends a stream after its maximum lifetime, so no client holds one forever', async () => {
    const show = (await bookableHallShows(t.store))[5]!;
    for (const stream of streams.splice(0)) stream.close();
    await new Promise((r) => setTimeout(r, 200));
    const stream = await openStream(shortLived, show.id, { from: '203.0.113.77' });
    expect(stream.status).toBe(200);
    const started = Date.now();
    const text = await stream.body;
    expect(Date.now() - started).toBeGreaterThan(4_000);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(text).toContain('retry: 3000');
    expect(text).toContain('event: seats');
  });
});

/** Sends a stream request and closes the connection as soon as it is written, as a client aborting within milliseconds. */
function openAndAbort(t: TestApp, showId: string): Promise<void> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET /api/booking/seats/${showId}/events HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => socket.destroy());
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

// Issue 27, M5: the close listener was registered after an await, so a client gone within milliseconds kept
// its slot until the stream's lifetime ended (600 s): about 100 addresses could fill an instance's cap.
describe.skipIf(lane.skipReason !== null)(`aborted seat streams give their slots back on ${lane.name}`, () => {
  const CAP = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(lane, { env: { SEAT_STREAMS_PER_ADDRESS: String(CAP) } });
  });
  afterAll(() => t?.close());

  it('after 200 streams opened and aborted at once, the address still opens streams up to its cap', async () => {
    const show = (await bookableHallShows(t.store))[0]!;
    for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 20 }, () => openAndAbort(t, show.id)));
    // The server sees the last closes a moment later.
    await new Promise((r) => setTimeout(r, 500));
    const streams: OpenedStream[] = [];
    try {
      for (let i = 0; i < CAP; i++) streams.push(await openStream(t, show.id, { from: '127.0.0.1' }));
      expect(streams.map((s) => s.status)).toEqual(Array(CAP).fill(200));
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
