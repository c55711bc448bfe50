import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/metrics/metrics-server.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows, lastHallShowId } from './support/bookable.ts';

/** One sample of the Prometheus text, by name and exact labels (`{to="held"}`, or '' for none); undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const lane = lanes[0]!;
const MINUTE = 60_000;

describe.skipIf(lane.skipReason !== null)(`metrics on ${lane.name}`, () => {
  let t: TestApp;
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>>;
  let clock = Date.now();
  const scrape = async () => (await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`)).text();

  beforeAll(async () => {
    t = await startTestApp(lane, { now: () => new Date(clock) });
    metricsServer = await startMetricsServer(t.app.metrics.registry, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metricsServer?.close();
    await t?.close();
  });

  it('counts bookings held, paid and expired where they happen, and reads the live held seats at scrape time', async () => {
    const paid = await createBooking(t, await t.tokenFor('payer@example.com'), 2);
    const lapsing = await createBooking(t, await t.tokenFor('lapser@example.com'), 3);
    let text = await scrape();
    expect(sample(text, 'booking_transitions_total', '{to="held"}')).toBe(2);
    expect(sample(text, 'booking_held_seats')).toBe(5);

    expect((await submitCard(t, paid.res.body.url)).status).toBe(303);
    text = await scrape();
    expect(sample(text, 'booking_transitions_total', '{to="paid"}')).toBe(1);
    expect(sample(text, 'booking_held_seats')).toBe(3);

    clock += 11 * MINUTE;
    await t.services.payments.jobs.sweepNow();
    text = await scrape();
    expect(sample(text, 'booking_transitions_total', '{to="expired"}')).toBe(1);
    expect(sample(text, 'booking_held_seats')).toBe(0);
    expect((await t.store.bookings.get(lapsing.booking.id))!.status).toBe('cancelled');
    expect(sample(text, 'email_outbox_backlog')).toBe(await t.store.outbox.list(100).then((all) => all.filter((m) => !m.sentAt && m.nextAttemptAt).length));
  });

  it('times requests by route pattern and status, never by raw URL; counts refused webhooks and open seat streams', async () => {
    const showId = (await bookableHallShows(t.store))[0]!.id;
    expect((await t.api('GET', `/api/booking/seats/${showId}`)).status).toBe(200);
    expect((await t.api('GET', `/api/no-such-route/${randomBytes(4).toString('hex')}`)).status).toBe(404);
    const refused = await t.api('POST', '/api/stripe/webhook', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=bad', 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    const stream = await openEvents(`${t.baseUrl}/api/booking/seats/${showId}/events`);
    try {
      await stream.next(() => true, 5_000);
      const text = await scrape();
      expect(sample(text, 'http_request_duration_seconds_count', '{method="GET",route="/api/booking/seats/:showId",status_code="200"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', '{method="GET",route="unmatched",status_code="404"}')).toBe(1);
      expect(text).not.toContain(showId);
      expect(sample(text, 'payment_webhook_deliveries_total', '{outcome="refused"}')).toBe(1);
      expect(sample(text, 'seat_streams_open')).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it("reports an on-sale's line, its draw and admissions, the joins held, and the database's lock waits and NOTIFY queue use", async () => {
    const [show] = (await bookableHallShows(t.store)).slice(-1);
    const created = await t.api('POST', '/api/admin/on-sale', {
      token: await t.tokenFor('staff@example.com', ['admin']),
      body: { name: 'Metrics night', showIds: [show!.id], onSaleAt: new Date(clock + MINUTE).toISOString(), waitingRoom: true, shoppingCapacity: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const eventId = created.body.event.id as string;
    for (const name of ['fan1', 'fan2', 'fan3']) {
      expect((await t.api('POST', `/api/waiting-room/${eventId}/join`, { token: await t.tokenFor(`${name}@example.com`) })).status).toBe(200);
    }
    let text = await scrape();
    expect(sample(text, 'waiting_room_line', `{event="${eventId}",state="pre_queue"}`)).toBe(3);
    expect(sample(text, 'waiting_room_line', `{event="${eventId}",state="shopping"}`)).toBe(0);
    expect(sample(text, 'waiting_room_joins_held')).toBe(0);
    const admittedBefore = sample(text, 'waiting_room_admitted_total') ?? 0;

    clock += MINUTE + 1_000;
    t.services.waitingRoom.changed();
    expect(await t.services.waitingRoom.admitAll()).toBe(2);
    text = await scrape();
    expect(sample(text, 'waiting_room_draw_seconds_count')).toBe(1);
    expect(sample(text, 'waiting_room_admitted_total')).toBe(admittedBefore + 2);
    expect(sample(text, 'waiting_room_line', `{event="${eventId}",state="pre_queue"}`)).toBe(0);
    expect(sample(text, 'waiting_room_line', `{event="${eventId}",state="waiting"}`)).toBe(1);
    expect(sample(text, 'waiting_room_line', `{event="${eventId}",state="shopping"}`)).toBe(2);
    expect(sample(text, 'db_lock_waits')).toBe(0);
    expect(sample(text, 'db_notification_queue_usage')).toBe(0);
  });

  it("reports the pool's use and Node's event-loop delay, and is not served on the API's port", async () => {
    const text = await scrape();
    expect(sample(text, 'db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', '{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect((await t.api('GET', '/metrics')).status).toBe(404);
    expect((await t.api('GET', '/api/metrics')).status).toBe(404);
  });
});

const adminUrl = process.env.TEST_POSTGRES_URL;
const processSkip = !adminUrl
  ? 'metrics between instances skipped: TEST_POSTGRES_URL is not set'
  : !existsSync(builtService)
    ? 'metrics between instances skipped: the service is not built (npm test builds it first)'
    : null;
if (processSkip) console.warn(processSkip);

/** The built service with METRICS_PORT, two instances on one PostgreSQL database. */
describe.skipIf(processSkip !== null)('metrics of two built instances on PostgreSQL', () => {
  let signer: TestSigner;
  let database: Awaited<ReturnType<typeof freshPostgresDatabaseUrl>>;
  const instances: { url: string; metricsUrl: string; dataDir: string; child: ChildProcess }[] = [];

  beforeAll(async () => {
    signer = await startTestSigner();
    database = await freshPostgresDatabaseUrl(adminUrl!);
    for (let i = 0; i < 2; i++) {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-'));
      const env = { ...builtServiceEnv({ port, dataDir, databaseUrl: database.url, jwksUrl: signer.jwksUrl, logLevel: 'error' }), METRICS_PORT: String(metricsPort) };
      const url = `http://127.0.0.1:${port}`;
      const child = await startProcess(process.execPath, [builtService], env, `${url}/api/health/ready`);
      instances.push({ url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, dataDir, child });
    }
  });
  afterAll(async () => {
    for (const instance of instances) {
      await stop(instance.child, 5_000);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await signer?.close();
    await database?.drop();
  });

  it("measures the change notifications' lag on the instance that did not write, and its database pool", async () => {
    const [writer, listener] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const before = sample(await (await fetch(listener.metricsUrl)).text(), 'change_notification_lag_seconds_count') ?? 0;
    const showId = await lastHallShowId(writer.url);
    const booked = await fetch(`${writer.url}/api/booking/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signer.token({ email: 'lag@example.com', sub: 'metrics|lag' })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ showId, selectedSeats: ['J9'] }),
    });
    expect(booked.status).toBe(200);
    let text = '';
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      text = await (await fetch(listener.metricsUrl)).text();
      if ((sample(text, 'change_notification_lag_seconds_count') ?? 0) > before) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sample(text, 'change_notification_lag_seconds_count')).toBeGreaterThan(before);
    // Same machine, same clock: well under the 0.2 s the instances promise.
    expect(sample(text, 'change_notification_lag_seconds_bucket', '{le="0.2"}')).toBe(sample(text, 'change_notification_lag_seconds_count'));
    expect(sample(text, 'booking_transitions_total', '{to="held"}')).toBeUndefined();
    expect(sample(text, 'booking_held_seats')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${listener.url}/metrics`)).status).toBe(404);
  });
});
