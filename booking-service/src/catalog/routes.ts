/**
 * The movie catalogue over HTTP, in TMDB v3 shapes (clients written against
 * TMDB read them unchanged) plus `success: true` like the rest of the API;
 * and, for the built-in catalogue, its generated SVG images.
 *
 * The app's ajv neither coerces nor strips, so ids and pages arrive as strings
 * checked by pattern and are converted here.
 */
import { Type } from 'typebox';
import type {} from '@fastify/swagger'; // brings in the schema fields `tags`, `summary`, `hide`
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failures } from '../contract/failures.ts';
import { SvgImage } from '../contract/media.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badGateway, notFound } from '../http/errors.ts';
import { CatalogUnavailableError } from './types.ts';
import type { Catalog } from './types.ts';
import {
  CatalogCreditsResponse,
  CatalogListKinds,
  CatalogMoviePageResponse,
  CatalogMovieResponse,
  CatalogVideosResponse,
  type CatalogListKind,
} from '../contract/catalog.ts';

export interface CatalogRoutesOptions {
  catalog: Catalog;
  /** Given only by the built-in catalogue: SVG text for an image file name, or null. */
  imageSvg?: (file: string) => string | null;
}

const LIST_SUMMARIES: Record<CatalogListKind, string> = {
  now_playing: 'Movies now playing in theatres',
  upcoming: 'Movies coming soon',
  top_rated: 'Top rated movies',
  popular: 'Popular movies',
};

const UNAVAILABLE = 'The movie catalogue is unavailable right now, please try again';
const CATALOG_CACHE_CONTROL = 'public, max-age=300';
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Generated SVGs per file name; only real images are stored, so the map is bounded by the catalogue. */
const IMAGE_CACHE_LIMIT = 2000;

const MovieId = Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'Movie id (a positive whole number)' });
const PageNumber = Type.String({ pattern: '^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$', description: 'Page number, 1 to 500 (default 1)' });
/** TMDB clients habitually send `language`; it is accepted and ignored (answers are en-US). */
const Language = Type.String({ pattern: '^[a-z]{2}(?:-[A-Z]{2})?$', description: 'Accepted for TMDB compatibility; answers are always en-US' });

const IdParams = Type.Object({ id: MovieId }, { additionalProperties: false });
const LanguageQuery = Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false });
const PageQuery = Type.Object({ page: Type.Optional(PageNumber), language: Type.Optional(Language) }, { additionalProperties: false });
const FileParams = Type.Object({ file: Type.String({ description: 'Image file name, e.g. poster-1001.svg' }) });

const TAGS = ['catalog'];

/**
 * The answers leave whole, as JSON.stringify writes them: the TMDB proxy passes TMDB's
 * answers through with fields beyond the contract's schemas, which a schema-compiled
 * serializer would drop (the schemas document and type them; test/route-contract and
 * catalog/routes.test.ts check the answers against them).
 */
const whole = () => (data: unknown) => JSON.stringify(data);

/** Runs a catalogue call, turning "upstream is down" into a 502 for the client. */
async function ask<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CatalogUnavailableError) {
      request.log.warn({ reason: error.message }, 'movie catalogue unavailable');
      throw badGateway(UNAVAILABLE);
    }
    throw error;
  }
}

function found<T extends object>(reply: FastifyReply, value: T | null): T & { success: true } {
  if (value === null) throw notFound('Movie not found');
  reply.header('cache-control', CATALOG_CACHE_CONTROL);
  return { ...value, success: true };
}

export async function catalogRoutes(app: AppInstance, opts: CatalogRoutesOptions): Promise<void> {
  const { catalog } = opts;

  // Static list paths; the router prefers static segments over `:id`, so they never reach the id route.
  for (const kind of CatalogListKinds) {
    app.get(
      `/api/catalog/movie/${kind}`,
      {
        serializerCompiler: whole,
        schema: { tags: TAGS, summary: LIST_SUMMARIES[kind], querystring: PageQuery, response: { 200: CatalogMoviePageResponse, ...failures(400, 502) } },
      },
      async (request, reply) => {
        const pageNumber = Number(request.query.page ?? '1');
        return found(reply, await ask(request, () => catalog.list(kind, pageNumber)));
      },
    );
  }

  app.get(
    '/api/catalog/movie/:id',
    {
      serializerCompiler: whole,
      schema: { tags: TAGS, summary: 'Movie details', params: IdParams, querystring: LanguageQuery, response: { 200: CatalogMovieResponse, ...failures(400, 404, 502) } },
    },
    async (request, reply) => found(reply, await ask(request, () => catalog.movie(Number(request.params.id)))),
  );

  app.get(
    '/api/catalog/movie/:id/credits',
    {
      serializerCompiler: whole,
      schema: { tags: TAGS, summary: 'Cast of a movie', params: IdParams, querystring: LanguageQuery, response: { 200: CatalogCreditsResponse, ...failures(400, 404, 502) } },
    },
    async (request, reply) => found(reply, await ask(request, () => catalog.credits(Number(request.params.id)))),
  );

  app.get(
    '/api/catalog/movie/:id/similar',
    {
      serializerCompiler: whole,
      schema: { tags: TAGS, summary: 'Movies similar to a movie', params: IdParams, querystring: PageQuery, response: { 200: CatalogMoviePageResponse, ...failures(400, 404, 502) } },
    },
    async (request, reply) => {
      const pageNumber = Number(request.query.page ?? '1');
      return found(reply, await ask(request, () => catalog.similar(Number(request.params.id), pageNumber)));
    },
  );

  app.get(
    '/api/catalog/movie/:id/videos',
    {
      serializerCompiler: whole,
      schema: { tags: TAGS, summary: 'Trailers of a movie', params: IdParams, querystring: LanguageQuery, response: { 200: CatalogVideosResponse, ...failures(400, 404, 502) } },
    },
    async (request, reply) => found(reply, await ask(request, () => catalog.videos(Number(request.params.id)))),
  );

  const { imageSvg } = opts;
  if (!imageSvg) return;

  const images = new Map<string, string>();
  const sendImage = (file: string, reply: FastifyReply) => {
    let svg = images.get(file);
    if (svg === undefined) {
      // imageSvg validates the name strictly (the path-traversal guard); anything odd is simply "not found".
      svg = imageSvg(file) ?? undefined;
      if (svg === undefined) throw notFound('Image not found');
      if (images.size < IMAGE_CACHE_LIMIT) images.set(file, svg);
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run script or load anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  };

  app.get(
    '/api/images/:file',
    { schema: { tags: TAGS, summary: 'Generated artwork of the built-in catalogue (SVG)', params: FileParams, response: { 200: SvgImage, ...failures(404) } } },
    async (request, reply) => sendImage(request.params.file, reply),
  );
  // Names with slashes would otherwise miss the route; answer them with the same 404.
  app.get('/api/images/*', { schema: { hide: true, response: failures(404) } }, async () => {
    throw notFound('Image not found');
  });
}
