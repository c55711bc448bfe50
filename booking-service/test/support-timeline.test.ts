import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEntryJson } from '../src/contract/booking-timeline.ts';
import { lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * Support's one history per booking (issue 53, item 5): GET /api/debug/bookings/:id/history answers a timeline of
 * everything that happened to a booking (created, held, paid with the provider and amount, the e-ticket sent, each
 * door scan with its door, staff and outcome, a cancellation and by whom, the refund, support's actions), and the
 * booking's state in the staff lists' words; support finds a booking by ticket code, email or part of a name. On
 * every database lane, through the real routes: the local checkout pays, the door scans, the owner cancels.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`support's booking timeline on ${lane.name}`, () => {
    let t: TestApp;
    let ana: string;
    let other: string;
    let door: string;
    let support: string;
    /** The service's clock runs this far ahead of the wall's: the door scans happen in the show's admission window. */
    let ahead = 0;

    beforeAll(async () => {
      t = await startTestApp(lane, { now: () => new Date(Date.now() + ahead) });
      ana = await t.token({ sub: 'test|ana.lima@example.com', email: 'ana.lima@example.com', name: 'Ana Lima' });
      other = await t.token({ sub: 'test|bruno@example.com', email: 'bruno@example.com', name: 'Bruno Costa' });
      door = await t.token({ sub: 'test|door@example.com', email: 'door@example.com', name: 'Dora Door', roles: ['door'] });
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(() => t?.close());

    const history = async (bookingId: string) => {
      const res = await t.api('GET', `/api/debug/bookings/${bookingId}/history`, { token: support });
      expect(res.status).toBe(200);
      return res.body as { timeline: TimelineEntryJson[]; status: { label: string; detail: string | null }; checkIns: unknown[]; actions: unknown[] };
    };
    const titles = (timeline: TimelineEntryJson[]) => timeline.map((entry) => entry.title);
    const scan = (code: string) => t.api('POST', '/api/admin/check-in', { token: door, body: { code, door: 'Door 2' } });

    async function paidBooking(token: string, count: number, showIndex = 0) {
      const made = await createBooking(t, token, count, showIndex);
      expect((await submitCard(t, made.res.body.url)).status).toBe(303);
      return (await t.store.bookings.getWithDetails(made.booking.id))!;
    }

    it('a paid ticket admitted once and scanned twice more: created, held, paid, e-ticket sent, and each scan with door, staff and outcome', async () => {
      const booking = await paidBooking(ana, 2);
      ahead = booking.show.startsAt.getTime() - Date.now() - 30 * MINUTE;
      try {
        expect((await scan(booking.ticketCode)).status).toBe(200);
        expect((await scan(booking.ticketCode)).status).toBe(409);
        expect((await scan(booking.ticketCode.toLowerCase())).status).toBe(409);
      } finally {
        ahead = 0;
      }
      const { timeline, status } = await history(booking.id);
      expect(titles(timeline)).toEqual([
        'Booking created',
        'Seats held',
        'Paid',
        'E-ticket sent',
        'Admitted',
        'Scanned again: already admitted',
        'Scanned again: already admitted',
      ]);
      const amount = `$${(booking.amountCents / 100).toFixed(2)}`;
      expect(timeline[0]).toMatchObject({ kind: 'created', by: 'Ana Lima (ana.lima@example.com)', detail: `Seats ${booking.seats.join(', ')} · ${amount}`, at: booking.createdAt.toISOString() });
      expect(timeline[1]).toMatchObject({ kind: 'held', detail: expect.stringMatching(/^Held until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M for payment$/) });
      expect(timeline[2]).toMatchObject({ kind: 'paid', detail: `${amount} through the local test checkout`, at: booking.paidAt!.toISOString() });
      expect(timeline[3]).toMatchObject({ kind: 'email', detail: `"Your tickets for ${booking.show.movie.title}" to ana.lima@example.com` });
      for (const entry of timeline.slice(4)) expect(entry).toMatchObject({ kind: 'door-scan', detail: 'At Door 2', by: 'Dora Door' });
      // Each at its own time, oldest first; the e-ticket is stamped as it is queued, a moment before the payment's write.
      const times = timeline.filter((entry) => entry.kind !== 'email').map((entry) => Date.parse(entry.at!));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.abs(Date.parse(timeline[3]!.at!) - booking.paidAt!.getTime())).toBeLessThan(5_000);
      expect(status).toEqual({ label: 'Paid', detail: null });
    });

    it("a booking its owner cancelled and was refunded: who cancelled, the refund requested and settled, the cancellation email, in the lists' words", async () => {
      const booking = await paidBooking(ana, 1, 1);
      expect((await t.api('POST', `/api/booking/${booking.id}/cancel`, { token: ana })).body).toMatchObject({ outcome: 'cancelled' });
      const cancelled = (await t.store.bookings.get(booking.id))!;
      const amount = `$${(booking.amountCents / 100).toFixed(2)}`;
      const { timeline, status } = await history(booking.id);
      expect(titles(timeline)).toEqual(['Booking created', 'Seats held', 'Paid', 'E-ticket sent', 'Cancelled by the moviegoer', 'Refund requested', 'Refund settled', 'Email sent']);
      const byTitle = (title: string) => timeline.find((entry) => entry.title === title)!;
      expect(byTitle('Cancelled by the moviegoer')).toMatchObject({ kind: 'cancelled', by: 'Ana Lima (ana.lima@example.com)', at: cancelled.cancelledAt!.toISOString() });
      expect(byTitle('Refund requested')).toMatchObject({ detail: `${amount} to the card paid with`, at: cancelled.cancelledAt!.toISOString() });
      // The stores keep no moment for a refund's outcome: none is made up.
      expect(byTitle('Refund settled')).toMatchObject({ kind: 'refund-settled', detail: `${amount} refunded to the card`, at: null });
      expect(byTitle('Email sent').detail).toBe(`"Your booking for ${booking.show.movie.title} is cancelled" to ana.lima@example.com`);
      expect(status.label).toBe('Cancelled · Refunded');
      expect(status.detail).toMatch(new RegExp(`^Paid \\${amount}; cancelled on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M, and refunded in full`));
      expect(status.detail).not.toMatch(/no money was taken/);
    });

    it('a hold support marked as paid: the support action with who took it, and the payment said to be support\'s', async () => {
      const { booking } = await createBooking(t, other, 1, 2);
      expect((await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } })).status).toBe(200);
      const { timeline } = await history(booking.id);
      const paid = timeline.find((entry) => entry.kind === 'paid')!;
      expect(paid).toMatchObject({ detail: expect.stringContaining('marked as paid by support'), by: 'support@example.com' });
      const action = timeline.find((entry) => entry.kind === 'support-action')!;
      expect(action).toMatchObject({ title: 'Support: Mark as Paid', by: 'support@example.com', detail: expect.any(String), at: expect.any(String) });
      expect(timeline.indexOf(paid)).toBeLessThan(timeline.indexOf(action));
      expect(timeline.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['created', 'held', 'paid', 'email', 'support-action']));
    });

    it('a hold that lapsed: cancelled by the hold lapsing, no payment, no refund', async () => {
      const { booking } = await createBooking(t, other, 1, 3);
      ahead = booking.holdExpiresAt.getTime() - Date.now() + MINUTE;
      try {
        await t.services.payments.jobs.sweepNow();
      } finally {
        ahead = 0;
      }
      const { timeline, status } = await history(booking.id);
      expect(titles(timeline)).toEqual(['Booking created', 'Seats held', 'Cancelled: the hold lapsed']);
      expect(status.label).toBe('Cancelled: not paid');
    });

    it('finds bookings by ticket code, email or part of a name (any case), and no one else\'s', async () => {
      const { booking } = await createBooking(t, ana, 1, 4);
      const find = async (q: string) => {
        const res = await t.api('GET', `/api/debug/bookings?q=${encodeURIComponent(q)}`, { token: support });
        expect(res.status, q).toBe(200);
        return res.body.bookings as { id: string; userName: string }[];
      };
      expect((await find(booking.ticketCode.toLowerCase())).map((b) => b.id)).toEqual([booking.id]);
      for (const q of ['ANA.LIMA@example.com', 'ana lima', 'LIMA', 'Ana']) {
        const found = await find(q);
        expect(found.map((b) => b.id), q).toContain(booking.id);
        expect(new Set(found.map((b) => b.userName)), q).toEqual(new Set(['Ana Lima']));
      }
      expect(await find('Nobody Here')).toEqual([]);
      expect((await t.api('GET', '/api/debug/bookings?q=7K2M9', { token: support })).status).toBe(400);
    });
  });
}
