import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTmdbCatalog } from './tmdb-catalog.ts';
import type { TmdbCatalogOptions } from './tmdb-catalog.ts';
import { CatalogUnavailableError } from './types.ts';

const API_KEY = 'sekret-key-5f3a9c';

/** A stand-in for TMDB: answers by path, records every request, can be told to misbehave. */
interface Behaviour { status?: number; body?: unknown; raw?: string; delayMs?: number }
const behaviours = new Map<string, Behaviour>();
const requests: URL[] = [];
let server: http.Server;
let baseUrl: string;

const movieBody = (id: number) => ({ id, title: `Movie ${id}`, overview: '', genres: [] });
const pageBody = (page: number) => ({ page, results: [{ id: 1, title: 'One' }], total_pages: 3, total_results: 41 });

function defaultAnswer(url: URL): Behaviour {
  const path = url.pathname.replace(/^\/3/, '');
  let match: RegExpMatchArray | null;
  if ((match = path.match(/^\/movie\/(now_playing|upcoming|top_rated|popular)$/))) {
    return { body: pageBody(Number(url.searchParams.get('page'))) };
  }
  if ((match = path.match(/^\/movie\/(\d+)$/))) return { body: movieBody(Number(match[1])) };
  if ((match = path.match(/^\/movie\/(\d+)\/credits$/))) return { body: { id: Number(match[1]), cast: [], crew: [] } };
  if ((match = path.match(/^\/movie\/(\d+)\/videos$/))) return { body: { id: Number(match[1]), results: [] } };
  if ((match = path.match(/^\/movie\/(\d+)\/similar$/))) return { body: pageBody(Number(url.searchParams.get('page'))) };
  return { status: 404, body: { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' } };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    const behaviour = behaviours.get(url.pathname.replace(/^\/3/, '')) ?? defaultAnswer(url);
    const reply = () => {
      if (res.destroyed) return;
      res.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' });
      res.end(behaviour.raw ?? JSON.stringify(behaviour.body));
    };
    if (behaviour.delayMs) setTimeout(reply, behaviour.delayMs);
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  behaviours.clear();
  requests.length = 0;
});

function make(overrides: Partial<TmdbCatalogOptions> = {}) {
  return createTmdbCatalog({ apiKey: API_KEY, baseUrl, timeoutMs: 1000, cacheTtlSeconds: 60, ...overrides });
}

async function unavailable(promise: Promise<unknown>): Promise<CatalogUnavailableError> {
  const error = await promise.then(
    () => { throw new Error('expected the call to fail'); },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogUnavailableError);
  const message = (error as Error).message;
  expect(message).not.toContain(API_KEY);
  return error as CatalogUnavailableError;
}

describe('TMDB catalogue', () => {
  it('calls the TMDB v3 paths with the api key and language', async () => {
    const catalog = make();
    expect(catalog.name).toBe('tmdb');
    expect(await catalog.movie(603)).toMatchObject({ id: 603, title: 'Movie 603' });
    expect(await catalog.credits(603)).toMatchObject({ id: 603, cast: [] });
    expect(await catalog.similar(603, 2)).toMatchObject({ page: 2, total_pages: 3 });
    expect(await catalog.videos(603)).toMatchObject({ id: 603, results: [] });
    for (const kind of ['now_playing', 'upcoming', 'top_rated', 'popular'] as const) {
      expect(await catalog.list(kind, 3)).toMatchObject({ page: 3, total_results: 41 });
    }
    expect(requests.map((u) => `${u.pathname}${u.searchParams.has('page') ? `?page=${u.searchParams.get('page')}` : ''}`)).toEqual([
      '/3/movie/603',
      '/3/movie/603/credits',
      '/3/movie/603/similar?page=2',
      '/3/movie/603/videos',
      '/3/movie/now_playing?page=3',
      '/3/movie/upcoming?page=3',
      '/3/movie/top_rated?page=3',
      '/3/movie/popular?page=3',
    ]);
    for (const url of requests) {
      expect(url.searchParams.get('api_key')).toBe(API_KEY);
      expect(url.searchParams.get('language')).toBe('en-US');
    }
  });

  it('serves a repeated call from the cache', async () => {
    const catalog = make();
    const first = await catalog.movie(42);
    const second = await catalog.movie(42);
    expect(second).toEqual(first);
    await catalog.list('popular', 1);
    await catalog.list('popular', 1);
    await catalog.list('popular', 2); // another page is another entry
    expect(requests.map((u) => u.pathname)).toEqual(['/3/movie/42', '/3/movie/popular', '/3/movie/popular']);
  });

  it('fetches again once the TTL has passed', async () => {
    let clock = 1_000_000;
    const catalog = make({ cacheTtlSeconds: 10, now: () => clock });
    await catalog.movie(7);
    clock += 9_999;
    await catalog.movie(7);
    expect(requests).toHaveLength(1);
    clock += 2;
    await catalog.movie(7);
    expect(requests).toHaveLength(2);
  });

  it('does not cache when the TTL is 0', async () => {
    const catalog = make({ cacheTtlSeconds: 0 });
    await catalog.movie(8);
    await catalog.movie(8);
    expect(requests).toHaveLength(2);
  });

  it('evicts the least recently used entry when full', async () => {
    const catalog = make({ maxEntries: 2 });
    await catalog.movie(1);
    await catalog.movie(2);
    await catalog.movie(1); // 1 is now the most recent
    await catalog.movie(3); // evicts 2
    requests.length = 0;
    await catalog.movie(1);
    await catalog.movie(3);
    expect(requests).toHaveLength(0);
    await catalog.movie(2);
    expect(requests).toHaveLength(1);
  });

  it('shares one upstream request between concurrent identical calls', async () => {
    behaviours.set('/movie/77', { body: movieBody(77), delayMs: 50 });
    const catalog = make();
    const answers = await Promise.all([catalog.movie(77), catalog.movie(77), catalog.movie(77)]);
    expect(answers.every((a) => a?.id === 77)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('shares a failure between concurrent calls, then tries again', async () => {
    behaviours.set('/movie/78', { status: 503, body: { status_code: 11 }, delayMs: 30 });
    const catalog = make();
    const results = await Promise.allSettled([catalog.movie(78), catalog.movie(78)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(requests).toHaveLength(1);
    behaviours.delete('/movie/78');
    expect(await catalog.movie(78)).toMatchObject({ id: 78 });
    expect(requests).toHaveLength(2);
  });

  it('answers null for an unknown movie (HTTP 404 or status_code 34)', async () => {
    behaviours.set('/movie/404', { status: 404, body: { success: false, status_code: 34, status_message: 'Not found' } });
    behaviours.set('/movie/405/credits', { status: 404, raw: 'not json' });
    behaviours.set('/movie/406/videos', { status: 200, body: { success: false, status_code: 34 } });
    const catalog = make();
    expect(await catalog.movie(404)).toBeNull();
    expect(await catalog.credits(405)).toBeNull();
    expect(await catalog.videos(406)).toBeNull();
  });

  it('treats a missing list as unavailable, not as "no such movie"', async () => {
    behaviours.set('/movie/popular', { status: 404, body: { status_code: 34 } });
    await unavailable(make().list('popular', 1));
  });

  it('reports a rejected api key without revealing it', async () => {
    behaviours.set('/movie/1', { status: 401, body: { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' } });
    const error = await unavailable(make().movie(1));
    expect(error.message).toMatch(/API key/);
  });

  it('reports upstream failures (5xx, bad JSON, wrong shape)', async () => {
    behaviours.set('/movie/500', { status: 500, body: { status_code: 11 } });
    behaviours.set('/movie/501', { raw: '<html>oops</html>' });
    behaviours.set('/movie/502', { body: { unexpected: true } });
    behaviours.set('/movie/top_rated', { body: [1, 2, 3] });
    const catalog = make();
    expect((await unavailable(catalog.movie(500))).message).toMatch(/HTTP 500/);
    expect((await unavailable(catalog.movie(501))).message).toMatch(/unexpected answer/);
    await unavailable(catalog.movie(502));
    await unavailable(catalog.list('top_rated', 1));
  });

  it('times out a slow upstream', async () => {
    behaviours.set('/movie/9', { body: movieBody(9), delayMs: 1000 });
    const started = Date.now();
    const error = await unavailable(make({ timeoutMs: 100 }).movie(9));
    expect(error.message).toMatch(/within 100 ms/);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports an unreachable upstream', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await unavailable(make({ baseUrl: `http://127.0.0.1:${port}/3` }).movie(1));
    expect(error.message).toMatch(/Could not reach TMDB/);
  });

  it('does not cache errors', async () => {
    behaviours.set('/movie/11', { status: 500, body: {} });
    const catalog = make();
    await unavailable(catalog.movie(11));
    behaviours.delete('/movie/11');
    expect(await catalog.movie(11)).toMatchObject({ id: 11 });
    expect(requests).toHaveLength(2);
  });

  it('redacts the key even if an injected fetch echoes the URL', async () => {
    const leaky: typeof fetch = async (input) => {
      throw new Error(`boom at ${String(input)}`);
    };
    const error = await unavailable(make({ fetch: leaky }).movie(1));
    expect(error.message).toContain('***');
  });
});
