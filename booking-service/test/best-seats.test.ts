import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CINEMA_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * "Best available" (issue 53) through the API on every lane: GET /api/booking/seats/{showId}/best proposes the best
 * free seats together of the show's own screen, of a type if asked, and follows the seats held; bad input is 400,
 * an unknown show 404.
 */

/** Screen 3 of the default cinema, the recliners: row A `wc.pp.pp` (A1 wheelchair, A2 companion), rows B-E `pp.pp.pp`. */
const RECLINER_SCREEN = `${DEFAULT_CINEMA_ID}-3`;
const DAY_MS = 86_400_000;

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`best available seats on ${lane.name}`, () => {
    let t: TestApp;
    let showId: string;
    let user: string;
    const best = async (query: string) => t.api('GET', `/api/booking/seats/${showId}/best?${query}`);
    const hold = async (selectedSeats: string[]) => {
      const held = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats } });
      expect(held.body, selectedSeats.join()).toMatchObject({ success: true });
    };

    beforeAll(async () => {
      t = await startTestApp(lane, { env: { MAX_HELD_SEATS_PER_SHOW: '100', MAX_HELD_SEATS: '100', BOOKING_RATE_LIMIT_PER_MINUTE: '100' } });
      const admin = await t.tokenFor('admin@example.com', ['admin']);
      user = await t.tokenFor('best-seats@example.com');
      const movieId = (await t.api('GET', '/api/show/all')).body.shows[0]._id;
      // Past the seed's week, when the screen is free (one screen, one show at a time: issue 52).
      const date = new Date(Date.now() + 12 * DAY_MS).toISOString().slice(0, 10);
      const added = await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['15:00'] }], showPrice: 20, screenId: RECLINER_SCREEN, seatPrices: { premium: 30 } } });
      expect(added.body).toMatchObject({ success: true, created: 1 });
      const times = Object.values((await t.api('GET', `/api/show/${movieId}`)).body.dateTime as Record<string, { showId: string; time: string; screenId: string }[]>).flat();
      showId = times.find((entry) => entry.screenId === RECLINER_SCREEN && entry.time.slice(0, 10) === date)!.showId;
    });
    afterAll(async () => t?.close());

    it('proposes the centre pair of the sweet spot, never the wheelchair space unless asked', async () => {
      const two = await best('count=2');
      expect(two.status).toBe(200);
      expect(two.body).toEqual({ success: true, seats: ['C3', 'C4'] });
      expect((await best('count=2&type=wheelchair')).body.seats).toEqual(['A1', 'A2']);
      expect((await best('count=1&type=standard')).body).toEqual({ success: true, seats: [], message: 'No standard seat is free. Choose seats on the map.' });
      // Pairs only: four over two adjacent rows, one pair behind the other.
      expect((await best('count=4')).body.seats).toEqual(['C3', 'C4', 'D3', 'D4']);
    });

    it('follows the seats held: on a nearly full house, the last pair; none for five', async () => {
      const free = new Set(['B1', 'B2', 'E5']);
      const rest = ['A3', 'A4', 'A5', 'A6', ...['B', 'C', 'D', 'E'].flatMap((row) => [1, 2, 3, 4, 5, 6].map((n) => `${row}${n}`))].filter((seat) => !free.has(seat));
      for (let i = 0; i < rest.length; i += 5) await hold(rest.slice(i, i + 5));
      expect((await best('count=2')).body.seats).toEqual(['B1', 'B2']);
      expect((await best('count=1')).body.seats).toEqual(['B2']);
      expect((await best('count=5')).body).toEqual({ success: true, seats: [], message: 'No 5 seats are free together. Choose seats on the map.' });
      // What is proposed can be held as proposed.
      await hold((await best('count=2')).body.seats);
      expect((await best('count=2')).body.seats).toEqual([]);
    });

    it("the show time's entry gives the chip's price: every recliner anyone may choose is $30, not the $20 standard price", async () => {
      const movieId = (await t.api('GET', '/api/show/all')).body.shows[0]._id;
      const times = Object.values((await t.api('GET', `/api/show/${movieId}`)).body.dateTime as Record<string, { showId: string }[]>).flat();
      expect(times.find((entry) => entry.showId === showId)).toMatchObject({ price: 20, seatPrices: { standard: 20, premium: 30 }, fromPrice: 30, priceVaries: false });
    });

    it('refuses a bad count or type (400) and an unknown show (404)', async () => {
      for (const query of ['count=0', 'count=6', 'count=two', '', 'count=2&type=vip', 'count=2&extra=1']) {
        expect((await best(query)).status, query).toBe(400);
      }
      expect((await t.api('GET', '/api/booking/seats/00000000-0000-4000-8000-000000000000/best?count=2')).status).toBe(404);
    });
  });
}
