import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGH_WATER_FILE, openHighWaterMark } from '../src/integrity/high-water-mark.ts';
import { lanes } from './support/databases.ts';
import { createBooking } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 38 (1), while running: a store that falls behind DATA_DIR's high-water mark under a running
 * instance (restored underneath it, or a failover to a replica that lost transactions) is never served
 * as current: readiness says 503 (up or down only, to anyone), sales stop, and support reads why.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`a store behind its high-water mark while running on ${lane.name}`, () => {
    let t: TestApp;
    let dataDir: string;
    let clock = Date.now();
    const location = `test ${lane.name}`;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'behind-mark-'));
      t = await startTestApp(lane, { now: () => new Date(clock), highWaterMark: openHighWaterMark(dataDir, location) });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function health() {
      clock += 10_000;
      return t.api('GET', '/api/health');
    }

    it('a healthy check records the mark outside the database, with the paid bookings it saw', async () => {
      await createBooking(t, await t.tokenFor('mark@example.com'), 2);
      expect((await health()).status).toBe(200);
      const mark = JSON.parse(readFileSync(path.join(dataDir, HIGH_WATER_FILE), 'utf8'))[location];
      expect(mark.totals.bookings).toBe((await t.store.integrity.growingTotals()).bookings);
      expect(mark.recentPaid.length).toBeGreaterThan(0); // the seed's sample sales
    });

    it('found behind at a periodic check: readiness 503 without details, sales stopped, support told why', async () => {
      // As if the database went back in time: the mark recorded more than it holds.
      const file = path.join(dataDir, HIGH_WATER_FILE);
      const marks = JSON.parse(readFileSync(file, 'utf8'));
      const held = marks[location].totals.bookings;
      marks[location].totals.bookings = held + 6;
      writeFileSync(file, JSON.stringify(marks));

      const answer = await health();
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ success: false, status: 'unhealthy', database: t.store.driver, message: expect.stringContaining('needs attention') });
      expect(JSON.stringify(answer.body)).not.toMatch(/bookings|recorded|rows/);

      const booking = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('late@example.com'), body: { showId: (await t.store.shows.ids())[0], selectedSeats: ['J9'] } });
      expect(booking.status).toBe(503);

      const report = await t.api('GET', '/api/debug/integrity', { token: await t.tokenFor('support@example.com', ['support']) });
      expect(report.status).toBe(200);
      expect(report.body.healthy).toBe(false);
      expect(report.body.problems.join(' ')).toContain(`bookings ${(held + 6).toLocaleString('en')} recorded, ${held.toLocaleString('en')} here`);
      // Not for moviegoers.
      expect((await t.api('GET', '/api/debug/integrity', { token: await t.tokenFor('moviegoer@example.com') })).status).toBe(403);
    });
  });
}
