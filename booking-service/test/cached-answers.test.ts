import { gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstBookableSlot, type ShowSlot } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The read cache's answers are serialized ahead of time (http/send-serialized.ts) and skip the
 * route's response serializer, so nothing else holds them to the contract: each is checked here
 * against the 200 schema its route declares, on its first load and from the cache, plain and gzipped.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`cached answers on ${lane.name}`, () => {
    let t: TestApp;
    const declared = new Map<string, TSchema>();

    beforeAll(async () => {
      t = await startTestApp(lane, {
        onRoute: (route: RouteOptions) => {
          const ok = (route.schema?.response as Record<number, TSchema> | undefined)?.[200];
          if (route.method === 'GET' && ok) declared.set(route.url, ok);
        },
      });
    });
    afterAll(() => t?.close());

    /** The answer's bytes as sent, decoded: gzipped when asked for and worth it, plain otherwise. */
    async function fetchCached(url: string, gzip: boolean) {
      const response = await t.app.inject({ method: 'GET', url, headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
      expect(response.statusCode, url).toBe(200);
      const zipped = response.headers['content-encoding'] === 'gzip';
      return { zipped, body: JSON.parse((zipped ? gunzipSync(response.rawPayload) : response.rawPayload).toString('utf8')) as unknown };
    }

    it('the show list, a movie with its show times and a seat map match their routes’ schemas, as loaded and from the cache', async () => {
      const shows = (await t.api('GET', '/api/show/all')).body.shows as { _id: string }[];
      const movieId = shows[0]!._id;
      const dateTime = (await t.api('GET', `/api/show/${movieId}`)).body.dateTime as Record<string, ShowSlot[]>;
      const { showId } = firstBookableSlot(dateTime);
      // A seat map with seats in it: two held.
      const held = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('cached@example.com'), body: { showId, selectedSeats: ['C3', 'C4'] } });
      expect(held.status).toBe(200);

      const cached = [
        { route: '/api/show/all', url: '/api/show/all' },
        { route: '/api/show/:movieId', url: `/api/show/${movieId}` },
        { route: '/api/booking/seats/:showId', url: `/api/booking/seats/${showId}` },
        // Issue 42's answers, serialized ahead of time too.
        { route: '/api/cinemas', url: '/api/cinemas' },
        { route: '/api/cinemas', url: '/api/cinemas?city=Delhi' },
        { route: '/api/cinemas/:cinemaId', url: '/api/cinemas/marquee-marine-drive' },
      ];
      let zippedAnswers = 0;
      for (const { route, url } of cached) {
        const schema = declared.get(route);
        expect(schema, `${route} declares its 200 answer`).toBeDefined();
        const first = await fetchCached(url, true);
        const again = await fetchCached(url, true);
        const plain = await fetchCached(url, false);
        for (const answer of [first, again, plain]) {
          expect([...Value.Errors(schema!, answer.body)].map((e) => `${e.instancePath} ${e.message}`), url).toEqual([]);
        }
        expect(again.body).toEqual(first.body);
        expect(plain.body).toEqual(first.body);
        expect(plain.zipped).toBe(false);
        if (first.zipped) zippedAnswers++;
      }
      // The show list is past the gzip threshold: its compressed bytes were checked too.
      expect(zippedAnswers).toBeGreaterThanOrEqual(1);
      expect((await fetchCached(`/api/booking/seats/${showId}`, false)).body).toMatchObject({ occupiedSeats: expect.arrayContaining(['C3', 'C4']) });
    });

    it('a cached answer that drifted from its schema would be caught', () => {
      const schema = declared.get('/api/booking/seats/:showId')!;
      expect(Value.Check(schema, { success: true, occupiedSeats: ['A1'] })).toBe(true);
      expect(Value.Check(schema, { success: true, occupiedSeats: { A1: 'held' } })).toBe(false);
      expect(Value.Check(schema, { success: true })).toBe(false);
    });
  });
}
