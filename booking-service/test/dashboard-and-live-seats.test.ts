import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { bookableHallShows } from './support/bookable.ts';
import { layoutSeats } from '../src/contract/seats/layout.ts';

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`admin sales report and live seats on ${lane.name}`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp(lane);
      // A second service instance on the same database.
      b = await startTestApp(lane, { store: a.store, seed: false });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('aggregates revenue and tickets per day for 30 days, and occupancy per upcoming show', async () => {
      const admin = await a.tokenFor('admin@example.com', ['admin']);
      const res = await a.api('GET', '/api/admin/dashboard/sales', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.days).toHaveLength(30);
      expect(res.body.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
      const paid = (await a.store.bookings.list({ isPaid: true }, { offset: 0, limit: 1000 })).items;
      const since = Date.now() - 30 * 86_400_000;
      const inWindow = paid.filter((bk) => bk.paidAt && bk.paidAt.getTime() >= since);
      const revenue = res.body.days.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0);
      const tickets = res.body.days.reduce((s: number, d: { tickets: number }) => s + d.tickets, 0);
      expect(inWindow.length).toBeGreaterThan(0);
      expect(revenue).toBeCloseTo(inWindow.reduce((s, bk) => s + bk.amountCents, 0) / 100, 2);
      expect(tickets).toBe(inWindow.reduce((s, bk) => s + bk.seats.length, 0));
      const upcoming = await a.store.shows.listWithSeats({ from: new Date() });
      expect(res.body.occupancy).toHaveLength(upcoming.length);
      // Each show against its own screen's seats (the seed plays every screen of the chain).
      const seatsOf = (screenId: string) => layoutSeats(a.services.cinemas.layoutOf(screenId)).length;
      const first = res.body.occupancy[0];
      expect(first).toMatchObject({ capacity: seatsOf(upcoming.find((show) => show.id === first.showId)!.screenId), occupied: expect.any(Number), title: expect.any(String) });

      expect((await a.api('GET', '/api/admin/dashboard/sales?days=7', { token: admin })).body.days).toHaveLength(7);
      expect((await a.api('GET', '/api/admin/dashboard/sales?days=91', { token: admin })).status).toBe(400);
      expect((await a.api('GET', '/api/admin/dashboard/sales', { token: await a.tokenFor('user@example.com') })).status).toBe(403);
    });

    it('streams a show\'s seats and a booking made on another instance within a second', async () => {
      const show = (await bookableHallShows(a.store)).find((s) => Object.keys(s.occupiedSeats).length === 0)!;
      const stream = await openEvents(`${a.baseUrl}/api/booking/seats/${show.id}/events`);
      try {
        expect(stream.response.status).toBe(200);
        expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
        expect(stream.response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
        await stream.next((seats) => seats.length === 0, 2000);

        const buyer = await b.tokenFor('live@example.com');
        const booked = await b.api('POST', '/api/booking/create', { token: buyer, body: { showId: show.id, selectedSeats: ['E5', 'E6'] } });
        expect(booked.status).toBe(200);
        const started = Date.now();
        expect(await stream.next((seats) => seats.includes('E5') && seats.includes('E6'), 1500)).toEqual(['E5', 'E6']);
        expect(Date.now() - started).toBeLessThan(1000 + 200);
      } finally {
        await stream.close();
      }
    });

    it('answers 404 for an unknown show and 400 for a bad id', async () => {
      expect((await a.api('GET', '/api/booking/seats/00000000-0000-4000-8000-000000000000/events')).status).toBe(404);
      expect((await a.api('GET', '/api/booking/seats/nope/events')).status).toBe(400);
    });
  });
}
