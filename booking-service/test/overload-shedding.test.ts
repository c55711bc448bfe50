import { loadConfig } from '../src/config/config.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const lane = lanes[0]!;

/** Blocks this process's event loop in slices of `sliceMs` until stopped: every event waits that long. */
function blockEventLoop(sliceMs: number) {
  const timer = setInterval(() => {
    const until = Date.now() + sliceMs;
    while (Date.now() < until) {
      // busy: the event loop is held
    }
  }, 0);
  return () => clearInterval(timer);
}

/** What a refused request must look like: 503, Retry-After, the usual error envelope. */
function expectShed(answer: { status: number; body: { success: boolean; message: string }; headers: Headers }, retryAfter: string) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe(retryAfter);
  expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/overloaded/) });
  // Refused in the one onRequest hook after the request id and the security headers: a refusal carries them too.
  expect(answer.headers.get('x-request-id')).toBeTruthy();
  expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
}

describe.skipIf(lane.skipReason !== null)(`load shedding on ${lane.name}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('past the heap threshold the API answers 503 with Retry-After, and liveness and readiness still answer 200', async () => {
    // 1 MiB: any running service is past it once the first sample (after 1 s) is taken.
    t = await startTestApp(lane, { env: { LOAD_SHED_HEAP_USED_MB: '1', LOAD_SHED_RETRY_AFTER_SECONDS: '7' } });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expectShed(await t.api('GET', '/api/show/all'), '7');
    expectShed(await t.api('POST', '/api/booking/create', { token: await t.tokenFor('shed@example.com'), body: { showId: 'x', selectedSeats: ['A1'] } }), '7');
    expect((await t.api('GET', '/api/health/live')).status).toBe(200);
    expect((await t.api('GET', '/api/health/ready')).status).toBe(200);
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });

  it('while the event loop is blocked past its threshold the API answers 503, liveness 200; afterwards it serves again', async () => {
    t = await startTestApp(lane, { env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '100', LOAD_SHED_RETRY_AFTER_SECONDS: '3' } });
    expect((await t.api('GET', '/api/show/all')).status).toBe(200);
    const unblock = blockEventLoop(250);
    try {
      // Two samples (one per second) see the delay.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expectShed(await t.api('GET', '/api/show/all'), '3');
      expect((await t.api('GET', '/api/health/live')).status).toBe(200);
    } finally {
      unblock();
    }
    // The next samples see a free event loop again.
    const deadline = Date.now() + 5_000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await t.api('GET', '/api/show/all')).status;
    }
    expect(status).toBe(200);
  });

  it('with the default thresholds an ordinary instance serves', async () => {
    // The test app turns the event-loop threshold off for the other tests; here it is the service's default.
    t = await startTestApp(lane, { env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '1000' } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await t.api('GET', '/api/show/all')).status).toBe(200);
    expect(t.config.loadShedding).toEqual({ maxEventLoopDelayMs: 1000, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 10 });
    expect(loadConfig({}).loadShedding.maxEventLoopDelayMs).toBe(1000);
  });
});
