import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * Email through nodemailer over SMTP (a local stand-in server): every message is
 * in the outbox first; a failed delivery stays there, unsent, with its error,
 * and is retried later.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`email over SMTP on ${lane.name}`, () => {
    let smtp: FakeSmtp;
    let t: TestApp;
    let user: string;
    let support: string;
    let clock = Date.now();

    beforeAll(async () => {
      smtp = await startFakeSmtp();
      t = await startTestApp(lane, { now: () => new Date(clock), env: { SMTP_URL: smtp.url, EMAIL_FROM: 'Cinema Tickets <tickets@cinema.test>' } });
      user = await t.tokenFor('user@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const outboxOf = async (bookingId: string) => (await t.store.outbox.list(1000)).filter((m) => m.bookingId === bookingId);

    it('sends the e-ticket over SMTP, the QR code as an inline image, and records it as sent', async () => {
      smtp.mode = 'accept';
      const { res, booking, seats } = await createBooking(t, user, 2);
      expect((await submitCard(t, res.body.url)).status).toBe(303);
      await t.services.mailer.idle();

      const [row] = await outboxOf(booking.id);
      expect(row).toMatchObject({ kind: 'booking-confirmation', sentAt: expect.any(Date), attempts: 0, lastError: null, nextAttemptAt: null });
      const sent = smtp.messages.find((m) => m.data.includes(booking.ticketCode))!;
      expect(sent).toBeDefined();
      expect(sent.from).toBe('<tickets@cinema.test>');
      expect(sent.to).toEqual(['<user@example.com>']);
      expect(sent.data).toMatch(/^Subject: Your tickets for /m);
      expect(sent.data).toContain(seats.join(', '));
      // nodemailer turned the data: URL into a cid: attachment that mail clients show inline.
      expect(sent.data).toMatch(/Content-Type: image\/png/);
      expect(sent.data).toMatch(/Content-ID: <[^>]+>/);
      expect(sent.data).toMatch(/src=3D"cid:|src="cid:/);
      expect(sent.data).not.toContain('data:image/png');
    });

    it('an SMTP failure keeps the message in the outbox, unsent, with its error; the retry sends it later', async () => {
      const { booking } = await createBooking(t, user, 1);
      smtp.mode = 'reject';
      const marked = await t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } });
      expect(marked.body).toEqual({ success: true, outcome: 'paid', message: 'Booking marked as paid and email sent' });
      await t.services.mailer.idle();

      const [failed] = await outboxOf(booking.id);
      expect(failed).toMatchObject({ kind: 'booking-confirmation', sentAt: null, attempts: 1, nextAttemptAt: new Date(clock + MINUTE) });
      expect(failed!.lastError).toMatch(/451/);
      const listed = (await t.api('GET', '/api/debug/outbox', { token: support })).body.messages.find((m: { id: string }) => m.id === failed!.id);
      expect(listed).toMatchObject({ sentAt: null, attempts: 1, lastError: failed!.lastError, nextAttemptAt: new Date(clock + MINUTE).toISOString() });

      // Not due yet: the reconciliation leaves it.
      smtp.mode = 'accept';
      const count = smtp.messages.length;
      await t.services.payments.jobs.reconcileNow();
      await t.services.mailer.idle();
      expect(smtp.messages.length).toBe(count);

      // Still failing at the next attempt: counted again, later retry.
      smtp.mode = 'reject';
      clock += MINUTE;
      await t.services.payments.jobs.reconcileNow();
      expect((await t.store.outbox.get(failed!.id))!).toMatchObject({ sentAt: null, attempts: 2, nextAttemptAt: new Date(clock + 2 * MINUTE) });

      smtp.mode = 'accept';
      clock += 2 * MINUTE;
      await t.services.payments.jobs.reconcileNow();
      expect((await t.store.outbox.get(failed!.id))!).toMatchObject({ sentAt: new Date(clock), attempts: 2, lastError: null, nextAttemptAt: null });
      expect(smtp.messages.length).toBe(count + 1);
      expect(smtp.messages.at(-1)!.data).toContain(booking.ticketCode);
      // Sent once: later runs send nothing more.
      clock += 60 * MINUTE;
      await t.services.payments.jobs.reconcileNow();
      expect(smtp.messages.length).toBe(count + 1);
    });

    it('test-email goes out through the same mailer', async () => {
      smtp.mode = 'accept';
      const { booking } = await createBooking(t, user, 1);
      const res = await t.api('POST', '/api/debug/test-email', { token: support, body: { bookingId: booking.id } });
      expect(res.body).toEqual({ success: true, message: 'Test email sent to user@example.com' });
      await t.services.mailer.idle();
      expect((await outboxOf(booking.id)).map((m) => [m.kind, m.sentAt !== null])).toEqual([['test', true]]);
      expect(smtp.messages.at(-1)!.data).toMatch(/^Subject: Test email for .+, seats /m);
    });

    it('an unreachable SMTP server fails the same way (nothing lost)', async () => {
      const down = await startFakeSmtp();
      const url = down.url;
      await down.close();
      const other = await startTestApp(lane, { store: t.store, now: () => new Date(clock), env: { SMTP_URL: url, SMTP_TIMEOUT_MS: '500' } });
      try {
        const { booking } = await createBooking(t, user, 1);
        const token = await other.tokenFor('support@example.com', ['support']);
        expect((await other.api('POST', '/api/debug/test-email', { token, body: { bookingId: booking.id } })).status).toBe(200);
        await other.services.mailer.idle();
        const [row] = await outboxOf(booking.id);
        expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
      } finally {
        await other.close();
      }
    });
  });
}
