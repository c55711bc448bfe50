import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CINEMA_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Reads a CSV answer as a spreadsheet would: the byte-order mark, then RFC 4180 rows. */
async function csvOf(t: TestApp, path: string, token: string) {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { response, bom: text.charCodeAt(0) === 0xfeff, rows: response.ok ? (parse(text, { bom: true }) as string[][]) : [], text };
}

/** Issue 52, item 7: List Bookings and the sales report download as CSV that opens correctly in a spreadsheet. */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`CSV exports on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let ticketCode: string;
    const hostileName = '=HYPERLINK("http://evil.example","Refund")';

    beforeAll(async () => {
      t = await startTestApp(lane, { seed: true });
      admin = await t.tokenFor('admin@example.com', ['admin']);
      const buyer = await t.token({ sub: 'test|formula', email: 'formula@example.com', name: hostileName });
      const { res, booking } = await createBooking(t, buyer, 2);
      expect((await submitCard(t, res.body.url)).status).toBe(303);
      ticketCode = booking.ticketCode;
    });
    afterAll(() => t?.close());

    it("List Bookings' export: every matching booking, times on the cinema's clock, amounts as numbers, a formula-like name neutralised", async () => {
      const { response, bom, rows } = await csvOf(t, `/api/admin/all-bookings/export?q=${ticketCode}`, admin);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="bookings-\d{4}-\d\d-\d\d\.csv"$/);
      expect(bom).toBe(true);
      const [header, row] = rows;
      expect(header).toEqual(['Ticket code', 'Booking id', 'Booked at', 'Customer', 'Email', 'Movie', 'Cinema', 'Screen', 'Show date', 'Show time', 'Time zone', 'Seats', 'Tickets', 'Amount', 'Currency', 'Status', 'Paid at', 'Admitted at', 'Refund']);
      expect(rows).toHaveLength(2);
      const cell = (name: string) => row![header!.indexOf(name)]!;
      expect(cell('Ticket code')).toBe(ticketCode);
      expect(cell('Customer')).toBe(`'${hostileName}`);
      expect(cell('Status')).toBe('paid');
      expect(cell('Tickets')).toBe('2');
      expect(Number(cell('Amount'))).toBeGreaterThan(0);
      expect(cell('Amount')).toMatch(/^\d+(\.\d{1,2})?$/);
      const booking = (await t.store.bookings.getByTicketCode(ticketCode))!;
      const zone = cell('Time zone');
      const wall = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .format(booking.show.startsAt)
        .replace(', ', ' ');
      expect(`${cell('Show date')} ${cell('Show time')}`).toBe(wall);
    });

    it('refuses the export to anyone but theatre staff', async () => {
      expect((await csvOf(t, '/api/admin/all-bookings/export', await t.tokenFor('fan@example.com'))).response.status).toBe(403);
      expect((await fetch(`${t.baseUrl}/api/admin/reports/sales/export?from=2026-01-01&to=2026-01-02`)).status).toBe(401);
    });

    it("the sales report by cinema and date range: a row per day, zero days included, today's sale counted", async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.services.cinemas.cinema(DEFAULT_CINEMA_ID)!.timeZone }).format(new Date());
      const start = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
      const { response, rows } = await csvOf(t, `/api/admin/reports/sales/export?cinemaId=${DEFAULT_CINEMA_ID}&from=${start}&to=${today}`, admin);
      expect(response.status).toBe(200);
      expect(rows[0]).toEqual(['Cinema', 'City', 'Date', 'Tickets', 'Revenue', 'Currency']);
      expect(rows.slice(1).map((row) => row[2])).toEqual([start, new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), today]);
      expect(rows.slice(1).every((row) => row[0] === 'Marquee Marine Drive' && /^\d+(\.\d+)?$/.test(row[4]!))).toBe(true);
      expect(Number(rows.at(-1)![3])).toBeGreaterThanOrEqual(2);
      const every = await csvOf(t, `/api/admin/reports/sales/export?from=${today}&to=${today}`, admin);
      expect(every.rows.length - 1).toBe(t.services.cinemas.all().length);
    });

    it('refuses a range backwards, too long, or not made of dates', async () => {
      for (const query of ['from=2026-12-07&to=2026-12-01', 'from=2025-01-01&to=2026-12-31', 'from=2026-02-30&to=2026-03-01']) {
        const { response } = await csvOf(t, `/api/admin/reports/sales/export?${query}`, admin);
        expect(response.status, query).toBe(400);
      }
    });
  });
}
