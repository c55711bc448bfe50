import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { cors } from './cors.ts';

const FRONTEND = 'http://localhost:3000';

/** A server with the CORS step in an onRequest hook, a GET and a POST route, and a route for every OPTIONS request. */
async function server() {
  const app = Fastify();
  const step = cors({
    origins: [FRONTEND, 'http://localhost:3001'],
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['x-request-id'],
    maxAgeSeconds: 600,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!step(request, reply)) done();
  });
  app.options('*', (_request, reply) => reply.code(204).send());
  app.get('/films', async () => ({ ok: true }));
  app.post('/films', async () => ({ ok: true }));
  await app.ready();
  return app;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('CORS for the frontends', () => {
  it("lets an allowed origin read the answer and its request id, and no other origin; every answer varies by Origin", async () => {
    const app = await server();
    close = () => app.close();
    const allowed = await app.inject({ method: 'GET', url: '/films', headers: { origin: FRONTEND } });
    expect(allowed.headers).toMatchObject({ 'access-control-allow-origin': FRONTEND, 'access-control-expose-headers': 'x-request-id', vary: 'Origin' });
    const other = await app.inject({ method: 'GET', url: '/films', headers: { origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const sameOrigin = await app.inject({ method: 'GET', url: '/films' });
    expect(sameOrigin.headers.vary).toBe('Origin');
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('answers a preflight itself, 204 with the methods, headers and max age, before any route (an unknown path too)', async () => {
    const app = await server();
    close = () => app.close();
    for (const url of ['/films', '/no/such/route']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: FRONTEND, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.body).toBe('');
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': FRONTEND,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
        'content-length': '0',
        vary: 'Origin',
      });
    }
    const refused = await app.inject({ method: 'OPTIONS', url: '/films', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
