import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { addressWindowCounter } from './address-window-counter.ts';
import type { HttpError } from './errors.ts';
import { limitPublicReadsSeparately } from './public-reads.ts';

describe('the per-address counter of the public reads', () => {
  it('counts each address in its own window from its first request, and starts again when the window ends', () => {
    let time = 1_000_000;
    const counter = addressWindowCounter(2, 60_000, () => time);
    try {
      expect([counter.count('10.0.0.1'), counter.count('10.0.0.1')]).toEqual([0, 0]);
      expect(counter.count('10.0.0.1')).toBe(60);
      expect(counter.count('10.0.0.2')).toBe(0);
      time += 59_001;
      expect(counter.count('10.0.0.1')).toBe(1);
      time += 1_000;
      expect(counter.count('10.0.0.1')).toBe(0);
    } finally {
      counter.stop();
    }
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one, as @fastify/rate-limit does', () => {
    const counter = addressWindowCounter(1, 60_000);
    try {
      expect(counter.count('2001:db8:1:2::1')).toBe(0);
      expect(counter.count('2001:db8:1:2:ffff::9')).toBeGreaterThan(0);
      expect(counter.count('2001:db8:1:3::1')).toBe(0);
      expect(counter.count('::ffff:192.0.2.7')).toBe(0);
      expect(counter.count('192.0.2.7')).toBeGreaterThan(0);
    } finally {
      counter.stop();
    }
  });
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the cacheable public reads limited per address, in memory', () => {
  it('serves up to the limit without rate-limit headers, then refuses with 429, Retry-After and the limit; other routes are not counted', async () => {
    const app = Fastify();
    app.setErrorHandler((error: HttpError, _request, reply) => reply.status(error.statusCode).send({ success: false, message: error.message }));
    limitPublicReadsSeparately(app, 3, { shared: false });
    app.get('/api/config', async () => ({ ok: true }));
    app.get('/api/user/bookings', async () => ({ ok: true }));
    await app.ready();
    close = () => app.close();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await app.inject({ method: 'GET', url: '/api/config' }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBeUndefined();
    const refused = answers[3]!;
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'retry-after': '60' });
    expect(refused.json()).toEqual({ success: false, message: 'Too many requests, please try again in 1 minute' });
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/user/bookings' })).statusCode).toBe(200);
  });
});
