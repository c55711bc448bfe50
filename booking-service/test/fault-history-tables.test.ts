import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import { freshPostgresDatabaseUrl, lanes, openFreshPglite, type Lane } from './support/databases.ts';
import { createBooking, postWebhook, sessionEvent, submitCard } from './support/payments.ts';
import { startTestApp } from './support/test-app.ts';

/**
 * The history tables (movies, shows, bookings, users, outbox, checkout_sessions, webhook_events) keep
 * every row (migrations 0007, 0008): a DELETE or TRUNCATE is refused by the database, and a row lost anyway (a damaged
 * file, a superuser bypassing the triggers, part of a backup restored) is found by the integrity check
 * even after new rows arrived, because each insert is counted in the same statement. Damage reports
 * 503 on health naming the table, and writes are refused until it is repaired.
 */
/** The service on a fresh database of the lane, with raw SQL beside it. */
async function openDamageableApp(lane: Lane) {
  let database: Database;
  let drop = async () => {};
  if (lane.name === 'pglite') database = await openFreshPglite();
  else {
    const fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    database = await openPostgres(fresh.url, 10);
    drop = () => fresh.drop();
  }
  let clock = Date.now();
  const t = await startTestApp(lane, { store: createPostgresStore(database), seed: true, now: () => new Date(clock) });
  return {
    t,
    /** Health once its last report is out of date, its message the problems support reads (the public answer has none). */
    async health() {
      clock += 10_000;
      const answer = await t.api('GET', '/api/health');
      if (answer.status === 200) return answer;
      expect(answer.body.message).not.toMatch(/table|rows/);
      const report = await t.api('GET', '/api/debug/integrity', { token: await t.tokenFor('support@example.com', ['support']) });
      return { ...answer, body: { ...answer.body, message: (report.body.problems as string[]).join(' ') } };
    },
    /** Runs SQL as a superuser who bypasses the tables' triggers (or as a damaged file would act). */
    async bypassingGuards(statement: string) {
      await database.db.execute(sql.raw(`set session_replication_role = replica; ${statement}; set session_replication_role = origin`));
    },
    async execute(statement: string) {
      return ((await database.db.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] }).rows;
    },
    async count(table: string): Promise<number> {
      const { rows } = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    },
    async close() {
      await t.close();
      await t.store.close();
      await drop();
    },
  };
}

for (const lane of lanes.filter((l) => l.name !== 'mongodb')) {
  describe.skipIf(lane.skipReason !== null)(`history tables on ${lane.name}`, () => {
    let d: Awaited<ReturnType<typeof openDamageableApp>>;
    beforeEach(async () => {
      d = await openDamageableApp(lane);
    });
    afterEach(async () => {
      await d?.close();
    });

    it('refuses DELETE and TRUNCATE on every history table, changing nothing', async () => {
      await createBooking(d.t, await d.t.tokenFor('history@example.com'), 1);
      for (const table of ['bookings', 'outbox', 'users', 'checkout_sessions', 'webhook_events', 'movies', 'shows', 'row_ledger']) {
        const before = await d.count(table);
        await expect(d.execute(`delete from ${table}`), table).rejects.toThrow();
        await expect(d.execute(`truncate ${table} cascade`), table).rejects.toThrow();
        expect(await d.count(table), table).toBe(before);
      }
      const refusal = await d.execute('delete from bookings').catch((error: Error) => String((error.cause as Error)?.message ?? error.message));
      expect(refusal).toMatch(/The bookings table keeps history: its rows are never removed \(DELETE refused\)/);
      expect((await d.health()).status).toBe(200);
    });

    it('a booking lost and another made before the next check: health is 503 naming the bookings table, writes refused', async () => {
      const user = await d.t.tokenFor('history@example.com');
      const { booking } = await createBooking(d.t, user, 1);
      expect((await d.health()).status).toBe(200);
      await d.bypassingGuards(`delete from seat_reservations where booking_id = '${booking.id}'; delete from bookings where id = '${booking.id}'`);
      await createBooking(d.t, await d.t.tokenFor('later@example.com'), 1);
      const answer = await d.health();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/The bookings table holds \d+ rows but \d+ were written to it: 1 lost/);
      const write = await d.t.api('POST', '/api/booking/create', { token: user, body: { showId: booking.showId, selectedSeats: ['J9'] } });
      expect(write.status).toBe(503);
      expect(write.body.message).toContain('its database is damaged');
    });

    it('an emptied outbox: health is 503 naming it, and the sweep gives each paid booking its e-ticket again, once', async () => {
      const { res } = await createBooking(d.t, await d.t.tokenFor('ticket@example.com'), 2);
      expect((await submitCard(d.t, res.body.url)).status).toBe(303);
      await d.t.services.mailer.idle();
      const before = await d.execute(`select id from outbox where kind = 'booking-confirmation' and booking_id = '${res.body.bookingId}'`);
      expect(before).toHaveLength(1);
      await d.bypassingGuards('truncate outbox');
      const answer = await d.health();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/The outbox table holds 0 rows but \d+ were written to it/);
      // Two sweeps (as two instances would run them): the lost e-ticket is queued again exactly once.
      await Promise.all([d.t.services.payments.service.sweepMissingConfirmations(), d.t.services.payments.service.sweepMissingConfirmations()]);
      await d.t.services.mailer.idle();
      const after = await d.execute(`select id from outbox where kind = 'booking-confirmation' and booking_id = '${res.body.bookingId}'`);
      expect(after).toHaveLength(1);
      expect((await d.t.store.bookings.get(res.body.bookingId))?.confirmation).toBe('queued');
    });

    it('emptied users, checkout sessions or webhook events: health is 503 naming the table', async () => {
      const { res, booking } = await createBooking(d.t, await d.t.tokenFor('users@example.com'), 1);
      expect(res.status).toBe(200);
      expect((await submitCard(d.t, res.body.url)).status).toBe(303);
      // A webhook event recorded (the local checkout sends none: Stripe's delivery of the same payment).
      const event = sessionEvent('checkout.session.completed', { id: booking.paymentSessionId!, bookingId: booking.id, amountCents: booking.amountCents });
      expect((await postWebhook(d.t, event.payload)).status).toBe(200);
      await d.bypassingGuards('truncate webhook_events');
      expect((await d.health()).body.message).toMatch(/The webhook_events table holds 0 rows but \d+ were written to it/);
      await d.bypassingGuards('truncate checkout_sessions');
      expect((await d.health()).body.message).toMatch(/The checkout_sessions table holds 0 rows but \d+ were written to it/);
      await d.bypassingGuards('truncate users cascade');
      const answer = await d.health();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/The users table holds 0 rows but \d+ were written to it/);
    });

    it('a dropped or disabled guard: health is 503 naming it', async () => {
      await d.execute('drop trigger bookings_keeps_history on bookings');
      await d.execute('alter table outbox disable trigger outbox_ledger');
      const answer = await d.health();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toContain('The bookings table lost its guard bookings_keeps_history');
      expect(answer.body.message).toContain('The outbox table lost its guard outbox_ledger');
      // Readiness says the same under its own name; liveness stays 200 (a damaged database is no reason to restart the process).
      expect((await d.t.api('GET', '/api/health/ready')).status).toBe(503);
      expect(await d.t.api('GET', '/api/health/live')).toMatchObject({ status: 200, body: { success: true, status: 'alive' } });
    });
  });
}
