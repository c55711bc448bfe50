import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SEATS } from '../src/contract/seats/hall.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows } from './support/bookable.ts';

const CONTENDERS = 240;

/**
 * Many people try to book overlapping seats of one show at the same moment.
 * Whatever the interleaving, a seat ends in at most one live booking and every
 * loser hears 409.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`seat race on ${lane.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(lane, { seed: true });
    });
    afterAll(() => t?.close());

    it(`${CONTENDERS} concurrent bookings of overlapping seats never sell a seat twice`, async () => {
      const show = (await bookableHallShows(t.store)).find((s) => Object.keys(s.occupiedSeats).length === 0)!;
      const tokens = await Promise.all(Array.from({ length: CONTENDERS }, (_, i) => t.tokenFor(`racer${i}@example.com`)));
      // Everyone wants 2–4 adjacent seats among the first 30 of the hall: heavy overlap.
      const wanted = tokens.map((_, i) => {
        const start = (i * 7) % 27;
        return ALL_SEATS.slice(start, start + 2 + (i % 3));
      });
      const responses = await Promise.all(
        tokens.map((token, i) => t.api('POST', '/api/booking/create', { token, body: { showId: show.id, selectedSeats: wanted[i] } })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      const winners = responses.filter((r) => r.status === 200);
      const losers = responses.filter((r) => r.status === 409);
      expect(winners.length).toBeGreaterThan(0);
      expect(losers.length).toBeGreaterThan(0);
      for (const loser of losers) expect(loser.body.takenSeats.length).toBeGreaterThan(0);

      const { items } = await t.store.bookings.list({}, { offset: 0, limit: 10_000 });
      const live = items.filter((b) => b.showId === show.id && b.status !== 'cancelled');
      expect(live).toHaveLength(winners.length);
      const sold = live.flatMap((b) => b.seats);
      expect(new Set(sold).size).toBe(sold.length);
      const ledger = await t.store.shows.occupiedSeats(show.id);
      expect(Object.keys(ledger).sort()).toEqual([...sold].sort());
      console.info(`[race ${lane.name}] ${CONTENDERS} requests: ${winners.length} booked, ${losers.length} got 409, ${sold.length} seats sold once each`);
    });
  });
}
