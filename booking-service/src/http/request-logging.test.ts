import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { accessLog, echoRequestIdOn, requestLogging } from './request-logging.ts';

/** A server with the service's logging options and access log, its log lines collected. */
async function serverLogging(every: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logging = requestLogging('info', { traced: false });
  const app = Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
  // The two steps as the service's one onRequest and one onResponse hook run them (composition/request-hooks.ts).
  const log = accessLog(app.log, every);
  app.addHook('onRequest', (request, reply, done) => (echoRequestIdOn(request, reply), done()));
  app.addHook('onResponse', (request, reply, done) => (log(request, reply, request.is404 ? undefined : request.routeOptions.url), done()));
  app.get('/films/:id', async () => ({ ok: true }));
  app.get('/noted', async (request) => {
    request.log.info({ seats: 2 }, 'noted');
    request.log.warn('and warned');
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('the store fell over');
  });
  await app.ready();
  return { app, accessLines: () => lines.filter((line) => line.msg === 'request') , lines };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the access log', () => {
  it('writes one line per answered request, with method, url, route, status and time, and no other request line', async () => {
    const { app, accessLines, lines } = await serverLogging(1);
    close = () => app.close();
    for (const id of [1, 2, 3]) await app.inject({ method: 'GET', url: `/films/${id}?lang=en` });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(accessLines().map(({ method, url, route, status }) => ({ method, url, route, status }))).toEqual([
      { method: 'GET', url: '/films/1?lang=en', route: '/films/:id', status: 200 },
      { method: 'GET', url: '/films/2?lang=en', route: '/films/:id', status: 200 },
      { method: 'GET', url: '/films/3?lang=en', route: '/films/:id', status: 200 },
      { method: 'GET', url: '/nowhere', route: undefined, status: 404 },
    ]);
    for (const line of accessLines()) expect(line).toMatchObject({ level: line.status === 404 ? 40 : 30, reqId: expect.any(String), ms: expect.any(Number) });
    // Fastify's own two lines a request are off.
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  it('samples one in N by count, and always logs an answer of 500 or more, at error level', async () => {
    const { app, accessLines } = await serverLogging(3);
    close = () => app.close();
    for (let i = 0; i < 9; i++) await app.inject({ method: 'GET', url: `/films/${i}` });
    expect(accessLines().map((line) => line.url)).toEqual(['/films/2', '/films/5', '/films/8']);
    await app.inject({ method: 'GET', url: '/broken' });
    expect(accessLines().at(-1)).toMatchObject({ url: '/broken', status: 500, level: 50 });
  });

  it('logs no successful request with 0, but still every 4xx (at warn) and 5xx (at error)', async () => {
    const { app, accessLines } = await serverLogging(0);
    close = () => app.close();
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: `/films/${i}` });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.inject({ method: 'GET', url: '/broken' });
    expect(accessLines().map(({ status, level }) => ({ status, level }))).toEqual([
      { status: 404, level: 40 },
      { status: 500, level: 50 },
    ]);
  });

  it("never samples a 4xx away, nor counts it toward the sample", async () => {
    const { app, accessLines } = await serverLogging(2);
    close = () => app.close();
    for (const url of ['/films/1', '/nowhere', '/films/2', '/nowhere', '/films/3', '/films/4']) await app.inject({ method: 'GET', url });
    expect(accessLines().map((line) => `${line.status} ${line.url}`)).toEqual(['404 /nowhere', '200 /films/2', '404 /nowhere', '200 /films/4']);
  });

  it("puts the request's id and the caller's trace on its access line and on whatever a route logs", async () => {
    const { app, lines } = await serverLogging(1);
    close = () => app.close();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await app.inject({ method: 'GET', url: '/noted', headers: { 'x-request-id': 'nginx-77', traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    await app.inject({ method: 'GET', url: '/films/9', headers: { 'x-request-id': 'nginx-78' } });
    expect(lines.filter((line) => line.reqId === 'nginx-77').map(({ msg, traceId, level, seats }) => ({ msg, traceId, level, seats }))).toEqual([
      { msg: 'noted', traceId, level: 30, seats: 2 },
      { msg: 'and warned', traceId, level: 40, seats: undefined },
      { msg: 'request', traceId, level: 30, seats: undefined },
    ]);
    expect(lines.filter((line) => line.reqId === 'nginx-78')).toEqual([expect.objectContaining({ msg: 'request', url: '/films/9', status: 200 })]);
    expect(lines.find((line) => line.reqId === 'nginx-78')).not.toHaveProperty('traceId');
  });

  it("gives each request a cheap id of this instance (prefix and counter) unless the proxy's is plain", async () => {
    const { app } = await serverLogging(1);
    close = () => app.close();
    const ids = await Promise.all([1, 2, 3].map(async () => (await app.inject({ method: 'GET', url: '/films/1' })).headers['x-request-id'] as string));
    for (const id of ids) expect(id).toMatch(/^[\da-f]{8}-[\da-z]+$/);
    expect(new Set(ids).size).toBe(3);
    expect(new Set(ids.map((id) => id.split('-')[0])).size).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/films/1', headers: { 'x-request-id': 'nginx-4f2a9c' } })).headers['x-request-id']).toBe('nginx-4f2a9c');
    expect((await app.inject({ method: 'GET', url: '/films/1', headers: { 'x-request-id': 'evil"} injected' } })).headers['x-request-id']).toMatch(/^[\da-f]{8}-/);
  });
});
