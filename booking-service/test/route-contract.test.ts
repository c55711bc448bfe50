import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every route declares its answers, failures included: walked from Fastify's
 * onRoute, then asked (anonymous, signed in, staff, malformed, wrong body) and
 * held to what it declares. The routes do not depend on the store, so one lane.
 */

interface Declared {
  description?: string;
  content?: Record<string, { schema: TSchema }>;
  properties?: Record<string, { const?: unknown; type?: string }>;
}

const lane = lanes[0]!;
const registered: RouteOptions[] = [];

/**
 * The contract's routes: not the OpenAPI page of @fastify/swagger-ui under /docs, nor the CORS preflights'
 * `OPTIONS *` (composition/server.ts), nor Fastify's HEAD copies of GETs.
 */
const contractRoutes = () =>
  registered
    .filter((route) => !route.url.startsWith('/docs') && route.url !== '*' && route.method !== 'HEAD')
    .map((route) => ({ route, method: String(route.method), url: route.url, schema: (route.schema ?? {}) as Record<string, unknown> }));

const answersOf = (schema: Record<string, unknown>) => (schema.response ?? {}) as Record<string, Declared>;

/** True when a failure is declared as the `{ success: false, message }` envelope (or an extension of it). */
function isEnvelope(declared: Declared | TSchema | undefined): boolean {
  const properties = (declared as Declared | undefined)?.properties;
  return properties?.success?.const === false && properties?.message?.type === 'string';
}

/** A body, or a path or query whose schema can refuse something (a pattern, a length, an unknown field). */
function checksInput(schema: Record<string, unknown>): boolean {
  if (schema.body) return true;
  return [schema.params, schema.querystring].some((part) => part && /"(pattern|maxLength|additionalProperties)"/.test(JSON.stringify(part)));
}

/** A value of the right form for each path parameter, naming nothing that exists. */
const PLACEHOLDERS: Record<string, () => string> = {
  showId: () => randomUUID(),
  bookingId: () => randomUUID(),
  eventId: () => randomUUID(),
  movieId: () => '999999',
  id: () => '999999',
  sessionId: () => 'cs_test_unknown',
  file: () => 'unknown.svg',
  cinemaId: () => 'no-such-cinema',
  '*': () => 'a/b',
};

function fillPath(url: string, malformed = false): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => {
      const value = PLACEHOLDERS[name];
      if (!value) throw new Error(`no placeholder for the path parameter :${name} of ${url}`);
      return malformed ? 'NOT-AN-ID' : value();
    })
    .replace(/\*$/, PLACEHOLDERS['*']!());
}

describe.skipIf(lane.skipReason !== null)('route contract', () => {
  let t: TestApp;
  let user: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(lane, { onRoute: (route) => void registered.push(route) });
    user = await t.tokenFor('route-contract-user@example.com');
    staff = await t.tokenFor('route-contract-staff@example.com', ['admin', 'support']);
  });
  afterAll(() => t?.close());

  it('walks every route of the service', () => {
    const urls = contractRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThanOrEqual(40);
    for (const known of ['POST /api/booking/create', 'GET /api/booking/seats/:showId/events', 'GET /api/catalog/movie/:id', 'POST /api/stripe/webhook']) {
      expect(urls).toContain(known);
    }
  });

  it('every route declares its success answer and its failure answers in the error envelope', () => {
    const problems: string[] = [];
    for (const { method, url, schema } of contractRoutes()) {
      const name = `${method} ${url}`;
      const answers = answersOf(schema);
      const statuses = Object.keys(answers).map(Number);
      // A hidden route may exist only to refuse (GET /api/images/* answers the 404 of /api/images/:file).
      if (!schema.hide && !statuses.some((s) => s >= 200 && s < 400)) problems.push(`${name}: no success answer`);
      // Any route: the per-address rate limit, a fault, the service temporarily unavailable.
      for (const status of [429, 500, 503]) if (!(status in answers)) problems.push(`${name}: no ${status}`);
      if (checksInput(schema) && !(400 in answers)) problems.push(`${name}: checks its input but declares no 400`);
      if (schema.body && !(413 in answers && 415 in answers)) problems.push(`${name}: takes a body but declares no 413 and 415`);
      if (schema.security && !(401 in answers)) problems.push(`${name}: needs a token but declares no 401`);
      for (const status of statuses.filter((s) => s >= 400)) {
        const declared = answers[status]!;
        const byType = declared.content;
        const ok = byType
          ? Object.entries(byType).every(([type, { schema: body }]) => (type === 'application/json' ? isEnvelope(body) : type === 'text/html'))
          : isEnvelope(declared);
        if (!ok) problems.push(`${name}: its ${status} is neither the error envelope nor a page`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the OpenAPI document shows the failures beside the success answers', async () => {
    const openapi = await t.api('GET', '/docs/json');
    const create = openapi.body.paths['/api/booking/create'].post.responses;
    expect(Object.keys(create).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503']);
    expect(create['409'].content['application/json'].schema.properties).toHaveProperty('takenSeats');
    const page = openapi.body.paths['/api/checkout/sessions/{sessionId}'].get.responses;
    expect(Object.keys(page['404'].content)).toEqual(['text/html']);
    expect(Object.keys(page['400'].content).sort()).toEqual(['application/json', 'text/html']);
  });

  it('every answer a route gives is one it declares, its JSON of the declared schema', async () => {
    const problems: string[] = [];
    let asked = 0;
    for (const { method, url, schema } of contractRoutes()) {
      const answers = answersOf(schema);
      const path = fillPath(url);
      const json = method === 'POST' ? { body: {} } : {};
      const requests: [string, string, Parameters<TestApp['api']>[2]][] = [
        ['anonymous', path, json],
        ['a bad token', path, { ...json, headers: { authorization: 'Bearer not-a-token' } }],
        ['a signed-in user', path, { ...json, token: user }],
        ['staff', path, { ...json, token: staff }],
      ];
      if (url.includes(':')) requests.push(['a malformed id', fillPath(url, true), { ...json, token: staff }]);
      if (schema.querystring) requests.push(['an unknown query field', `${path}?unknown=1`, { token: staff }]);
      if (method === 'POST') {
        requests.push(['a text body', path, { token: staff, rawBody: 'hello', headers: { 'content-type': 'text/plain' } }]);
        requests.push(['an oversized body', path, { token: staff, rawBody: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }) }]);
      }
      for (const [who, target, options] of requests) {
        const answer = await t.api(method, target, options);
        asked++;
        const where = `${method} ${url} by ${who}: ${answer.status}`;
        const declared = answers[answer.status];
        if (!declared) {
          problems.push(`${where} is not declared`);
          continue;
        }
        const type = (answer.headers.get('content-type') ?? '').split(';')[0]!;
        if (type === 'application/json') {
          const body = declared.content ? declared.content['application/json']?.schema : (declared as TSchema);
          if (!body) problems.push(`${where} answered JSON where a ${Object.keys(declared.content!).join(', ')} answer is declared`);
          else if (!Value.Check(body, answer.body)) problems.push(`${where} does not match its schema: ${JSON.stringify(answer.body).slice(0, 200)}`);
        } else if (type && declared.content && !(type in declared.content)) {
          problems.push(`${where} answered ${type} where ${Object.keys(declared.content).join(', ')} is declared`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(asked).toBeGreaterThan(150);
  });
});
