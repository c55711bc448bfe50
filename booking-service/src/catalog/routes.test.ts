import http from 'node:http';
import Fastify from 'fastify';
import type { FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  CatalogCreditsResponse,
  CatalogListKinds,
  CatalogMoviePageResponse,
  CatalogMovieResponse,
  CatalogVideosResponse,
} from '../contract/catalog.ts';
import { HttpError } from '../http/errors.ts';
import { createBuiltinCatalog } from './builtin-catalog.ts';
import { catalogRoutes } from './routes.ts';
import type { CatalogRoutesOptions } from './routes.ts';
import { CatalogUnavailableError } from './types.ts';
import type { Catalog } from './types.ts';

const NOW = new Date('2030-01-15T12:00:00Z');

/** The app's essentials: TypeBox, no coercion, and the `{ success: false, message }` error envelope. */
async function buildApp(options: CatalogRoutesOptions) {
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setErrorHandler((error: FastifyError | HttpError, _request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ success: false, message: error.message });
    if (error.validation) return reply.status(400).send({ success: false, message: error.message });
    return reply.status(500).send({ success: false, message: 'Internal error' });
  });
  await app.register(catalogRoutes, options);
  await app.ready();
  return app;
}

const builtin = createBuiltinCatalog({ now: () => NOW });
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  app = await buildApp({ catalog: builtin, imageSvg: builtin.imageSvg });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('catalogue routes', () => {
  it('GET /api/catalog/movie/:id answers TMDB details plus success', async () => {
    const res = await get('/api/catalog/movie/1001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ...(await builtin.movie(1001)), success: true });
  });

  it('GET /api/catalog/movie/:id/credits', async () => {
    const res = await get('/api/catalog/movie/1001/credits');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 1001, success: true, crew: [] });
    expect(body.cast).toHaveLength(12);
  });

  it('GET /api/catalog/movie/:id/similar with and without page', async () => {
    const first = await get('/api/catalog/movie/1001/similar');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, success: true });
    const second = await get('/api/catalog/movie/1001/similar?page=2');
    expect(second.json()).toMatchObject({ page: 2, success: true });
  });

  it('GET /api/catalog/movie/:id/videos', async () => {
    const res = await get('/api/catalog/movie/1001/videos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 1001, success: true });
    expect(body.results[0]).toMatchObject({ site: 'Local', type: 'Trailer', key: 'trailer-1001-1' });
  });

  it.each(['now_playing', 'upcoming', 'top_rated', 'popular'] as const)('GET /api/catalog/movie/%s is a list, not an id', async (kind) => {
    const res = await get(`/api/catalog/movie/${kind}?page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({ ...(await builtin.list(kind, 1)), success: true });
  });

  it('lists accept page 500 and ignore a TMDB-style language', async () => {
    const res = await get('/api/catalog/movie/popular?page=500&language=en-US');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 500, results: [] });
  });

  it("every answer of the built-in catalogue matches the contract's schemas", async () => {
    const movieIds = new Set<number>();
    for (const kind of CatalogListKinds) {
      for (let page = 1; ; page++) {
        const body = (await get(`/api/catalog/movie/${kind}?page=${page}`)).json();
        expect(Value.Errors(CatalogMoviePageResponse, body)).toEqual([]);
        for (const movie of body.results) movieIds.add(movie.id);
        if (page >= body.total_pages) break;
      }
    }
    expect(movieIds.size).toBeGreaterThan(20);
    for (const id of movieIds) {
      expect(Value.Errors(CatalogMovieResponse, (await get(`/api/catalog/movie/${id}`)).json())).toEqual([]);
      expect(Value.Errors(CatalogCreditsResponse, (await get(`/api/catalog/movie/${id}/credits`)).json())).toEqual([]);
      expect(Value.Errors(CatalogMoviePageResponse, (await get(`/api/catalog/movie/${id}/similar`)).json())).toEqual([]);
      expect(Value.Errors(CatalogVideosResponse, (await get(`/api/catalog/movie/${id}/videos`)).json())).toEqual([]);
    }
  });

  it("passes a TMDB answer through whole: fields beyond the contract's schemas are kept", async () => {
    const details = { ...(await builtin.movie(1001))!, belongs_to_collection: null, origin_country: ['US'] };
    const tmdbLike = await buildApp({ catalog: { ...builtin, name: 'tmdb', movie: async () => details } });
    try {
      const res = await tmdbLike.inject({ method: 'GET', url: '/api/catalog/movie/1001' });
      expect(res.json()).toEqual({ ...details, success: true });
    } finally {
      await tmdbLike.close();
    }
  });

  it('answers 404 for an unknown movie on every movie route', async () => {
    for (const suffix of ['', '/credits', '/similar', '/videos']) {
      const res = await get(`/api/catalog/movie/424242${suffix}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Movie not found' });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it.each([
    '/api/catalog/movie/abc',
    '/api/catalog/movie/0',
    '/api/catalog/movie/-1',
    '/api/catalog/movie/01',
    '/api/catalog/movie/1.5',
    '/api/catalog/movie/12345678901',
    '/api/catalog/movie/1e3/credits',
    '/api/catalog/movie/abc/similar',
    '/api/catalog/movie/now-playing',
  ])('answers 400 for a bad id: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it.each([
    '/api/catalog/movie/popular?page=0',
    '/api/catalog/movie/popular?page=-1',
    '/api/catalog/movie/popular?page=abc',
    '/api/catalog/movie/popular?page=501',
    '/api/catalog/movie/popular?page=1.0',
    '/api/catalog/movie/popular?page=1&page=2',
    '/api/catalog/movie/popular?page=',
    '/api/catalog/movie/upcoming?pages=1',
    '/api/catalog/movie/1001/similar?page=0',
    '/api/catalog/movie/1001?api_key=x',
  ])('answers 400 for a bad query: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('image route', () => {
  it('serves an SVG with strict headers', async () => {
    const res = await get('/api/images/poster-1001.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toBe(builtin.imageSvg('poster-1001.svg'));
    // Second answer comes from the route's cache and is identical.
    expect((await get('/api/images/poster-1001.svg')).body).toBe(res.body);
  });

  it.each(['backdrop-1001.svg', 'person-5001.svg', 'company-7001.svg'])('serves %s', async (file) => {
    const res = await get(`/api/images/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<svg')).toBe(true);
  });

  const badImagePaths = [
    '/api/images/poster-999.svg',
    '/api/images/..',
    '/api/images/%2e%2e',
    '/api/images/%2E%2E',
    '/api/images/%2e%2e%2fpackage.json',
    '/api/images/..%2f..%2fetc%2fpasswd',
    '/api/images/../../etc/passwd',
    '/api/images/..%5c..%5cpackage.json',
    '/api/images/poster-1001.svg/x',
    '/api/images/sub/poster-1001.svg',
    '/api/images/poster-1001.svg%00',
    '/api/images/POSTER-1001.svg',
    `/api/images/${'a'.repeat(5000)}.svg`,
  ];

  // Sent over a real socket so the path reaches the router exactly as written (inject would normalise "..").
  it('answers 404 "Image not found" to traversal attempts sent as-is', async () => {
    const server = await buildApp({ catalog: builtin, imageSvg: builtin.imageSvg });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    try {
      for (const path of badImagePaths) {
        const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end();
        });
        expect(status, path).toBe(404);
        expect(JSON.parse(body), path).toEqual({ success: false, message: 'Image not found' });
      }
    } finally {
      await server.close();
    }
  });

  it.each(badImagePaths)('answers 404 through inject for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/svg/);
  });

  it('is not registered without an image source', async () => {
    const bare = await buildApp({ catalog: builtin });
    const res = await bare.inject({ method: 'GET', url: '/api/images/poster-1001.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/svg/);
    await bare.close();
  });
});

describe('an unavailable catalogue', () => {
  const failing: Catalog = {
    name: 'tmdb',
    movie: async () => { throw new CatalogUnavailableError('TMDB answered HTTP 503 for /movie/1'); },
    credits: async () => { throw new CatalogUnavailableError('TMDB did not answer /movie/1/credits within 5000 ms'); },
    similar: async () => { throw new CatalogUnavailableError('down'); },
    videos: async () => { throw new CatalogUnavailableError('down'); },
    list: async () => { throw new CatalogUnavailableError('down'); },
  };

  it.each(['/api/catalog/movie/1', '/api/catalog/movie/1/credits', '/api/catalog/movie/1/similar', '/api/catalog/movie/1/videos', '/api/catalog/movie/popular'])(
    'answers 502 for %s',
    async (url) => {
      const broken = await buildApp({ catalog: failing });
      const res = await broken.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ success: false, message: 'The movie catalogue is unavailable right now, please try again' });
      expect(res.headers['cache-control']).toBeUndefined();
      await broken.close();
    },
  );

  it('lets other failures through as server errors', async () => {
    const buggy = await buildApp({ catalog: { ...failing, movie: async () => { throw new TypeError('bug'); } } });
    const res = await buggy.inject({ method: 'GET', url: '/api/catalog/movie/1' });
    expect(res.statusCode).toBe(500);
    await buggy.close();
  });
});
