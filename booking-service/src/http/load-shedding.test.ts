import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerLoadShedding } from './load-shedding.ts';

const LIMITS = { maxEventLoopDelayMs: 100, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 4 };

/** Holds the event loop for `ms`, as a slow start-up (migrations, the seed) or an overloaded instance does. */
function blockFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function appWithShedding(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const shedLoad = await registerLoadShedding(app, LIMITS, '/health');
  // As the one onRequest hook runs it (composition/request-hooks.ts): an error is the answer.
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = shedLoad(request, reply);
    if (refusal) done(refusal);
    else done();
  });
  app.get('/read', async () => ({ ok: true }));
  app.get('/health', async () => ({ ok: true }));
  return app;
}

describe('load shedding', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("does not count start-up's own blocking as load: a fresh instance serves its first requests", async () => {
    app = await appWithShedding();
    blockFor(1_500); // before ready: the first sample's mean delay is far past 100 ms
    await app.ready();
    await pause(250); // the blocked sample has been taken (its timer was due during the block) and compared
    expect((await app.inject('/read')).statusCode).toBe(200);
  }, 20_000);

  it('once running, a blocked event loop is refused with 503 and Retry-After, health exempt, and served again after', async () => {
    app = await appWithShedding();
    await app.ready();
    await pause(2_100); // past start-up: the delay is compared from here on
    const blocking = setInterval(() => blockFor(250), 0); // every event waits up to 250 ms
    try {
      // Within a few samples the delay is seen (each sample is the mean of the second before it).
      let shed = await app.inject('/read');
      for (const deadline = Date.now() + 8_000; shed.statusCode === 200 && Date.now() < deadline; ) {
        await pause(200);
        shed = await app.inject('/read');
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('4');
      expect((await app.inject('/health')).statusCode).toBe(200);
    } finally {
      clearInterval(blocking);
    }
    let status = 503;
    for (let tries = 0; status === 503 && tries < 40; tries++) {
      await pause(100);
      status = (await app.inject('/read')).statusCode;
    }
    expect(status).toBe(200);
  }, 20_000);
});
