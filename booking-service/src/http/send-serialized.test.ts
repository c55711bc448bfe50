import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSerialized, serializeJson } from './send-serialized.ts';

const small = serializeJson({ success: true, seats: ['A1'] });
const large = serializeJson({ success: true, shows: Array.from({ length: 60 }, (_, i) => ({ id: `show-${i}`, title: 'Starling Protocol' })) });

describe('a pre-serialized answer', () => {
  const app = Fastify();
  app.get('/small', async (request, reply) => sendSerialized(request, reply, small));
  app.get('/large', async (request, reply) => sendSerialized(request, reply, large));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('carries a weak ETag of its content, the same for the plain and the gzipped bytes', async () => {
    const plain = await app.inject({ method: 'GET', url: '/large' });
    const zipped = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(serializeJson({ success: true, seats: ['A2'] }).etag).not.toBe(small.etag);
    expect(serializeJson({ success: true, seats: ['A1'] }).etag).toBe(small.etag);
  });

  it('answers 304 without a body when If-None-Match names the current tag, weakly or strongly or among others', async () => {
    const opaque = small.etag.slice(2);
    for (const ifNoneMatch of [small.etag, opaque, `"other", ${small.etag}`, '*']) {
      const res = await app.inject({ method: 'GET', url: '/small', headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(small.etag);
    }
    const zipped = await app.inject({ method: 'GET', url: '/large', headers: { 'if-none-match': large.etag, 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(304);
    expect(zipped.headers.vary).toBe('Accept-Encoding');
  });

  it('sends the whole answer when the client holds an older one', async () => {
    const res = await app.inject({ method: 'GET', url: '/small', headers: { 'if-none-match': 'W/"older"' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, seats: ['A1'] });
  });
});
