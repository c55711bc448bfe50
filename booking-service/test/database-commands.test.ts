import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableHallShows } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every command a store sends its database is counted under the request it served (db_commands_total and
 * db_rows_total, by route pattern), on each lane: what the benchmarks compare the stores on, and what an operator
 * reads per request kind. Work outside any request counts as background.
 */
type Counts = { commands: number; read: number; written: number };

async function countsOf(t: TestApp, route: string): Promise<Counts> {
  const registry = t.app.metrics.registry;
  const commands = (await registry.getSingleMetric('db_commands_total')!.get()).values.filter((v) => v.labels.route === route);
  const rows = (await registry.getSingleMetric('db_rows_total')!.get()).values.filter((v) => v.labels.route === route);
  const sum = (values: { value: number }[]) => values.reduce((total, v) => total + v.value, 0);
  return { commands: sum(commands), read: sum(rows.filter((v) => v.labels.direction === 'read')), written: sum(rows.filter((v) => v.labels.direction === 'written')) };
}

/** What `action` added to `route`'s counts. */
async function added(t: TestApp, route: string, action: () => Promise<unknown>): Promise<Counts> {
  const before = await countsOf(t, route);
  await action();
  const after = await countsOf(t, route);
  return { commands: after.commands - before.commands, read: after.read - before.read, written: after.written - before.written };
}

for (const lane of lanes) {
  describe.skipIf(lane.skipReason)(`database commands by request on ${lane.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(lane);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts a booking\'s commands and the rows it wrote under its route, and a seat map read from cache as none', async () => {
      let booked!: Awaited<ReturnType<typeof createBooking>>;
      const token = await t.tokenFor('counted@example.com');
      const booking = await added(t, '/api/booking/create', async () => (booked = await createBooking(t, token, 2)));
      expect(booking.commands).toBeGreaterThan(0);
      // The booking and its two seats at least (each store writes them its own way).
      expect(booking.written).toBeGreaterThanOrEqual(2);

      // A show this booking did not change (its change, heard a moment later, would empty the read cache).
      const quiet = (await bookableHallShows(t.store)).find((show) => show.id !== booked.showId)!;
      const seatMap = '/api/booking/seats/:showId';
      const first = await added(t, seatMap, () => t.api('GET', `/api/booking/seats/${quiet.id}`));
      expect(first.commands).toBeGreaterThan(0);
      expect(first.read).toBeGreaterThanOrEqual(1);
      // Within the read cache's life the same seat map costs the database nothing.
      const again = await added(t, seatMap, () => t.api('GET', `/api/booking/seats/${quiet.id}`));
      expect(again).toEqual({ commands: 0, read: 0, written: 0 });
    });

    it('counts the payment under the card form\'s route, and the hold sweeper, run by no request, as background', async () => {
      const { res } = await createBooking(t, await t.tokenFor('payer@example.com'), 2);
      const pay = await added(t, '/api/checkout/sessions/:sessionId/pay', () => submitCard(t, res.body.url));
      expect(pay.commands).toBeGreaterThan(0);
      expect(pay.written).toBeGreaterThanOrEqual(1);

      const sweep = await added(t, 'background', () => t.services.payments.jobs.sweepNow());
      expect(sweep.commands).toBeGreaterThan(0);
      expect(await countsOf(t, 'unmatched')).toEqual({ commands: 0, read: 0, written: 0 });
    });
  });
}
