import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import { freshPostgresDatabaseUrl, lanes, type Lane } from './support/databases.ts';
import { submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 38 (2): an older copy of one index file (the seat ledger's primary key) put back while the
 * service was stopped let a paid seat be sold again: the index no longer knew the seat was taken, and
 * the integrity checks never looked for a seat in two live bookings. They now do, with index scans off,
 * and a finding stops the sales of that show (the others keep selling) and shows in support's tools.
 */

const INDEX = 'seat_reservations_show_id_seat_pk';

/** A database whose seat index can be made stale: kept in a folder (PGlite) or on a server (PostgreSQL). */
interface StaleableDatabase {
  open(): Promise<Database>;
  /** Before the first sale: remember the index as it is now. */
  keepIndex(database: Database): Promise<void>;
  /** After the sale: the index put back as it was (PGlite: with the database closed). */
  putIndexBack(database: Database): Promise<Database>;
  cleanUp(): Promise<void>;
}

async function fileOf(database: Database, relation: string): Promise<string> {
  const result = (await database.db.execute(sql`select pg_relation_filepath(${relation}::regclass) as file`)) as unknown as { rows: { file: string }[] };
  return result.rows[0]!.file;
}

/** PGlite: the index file copied while closed, the older copy put back while closed, as an operator or a disk would. */
function pgliteFolder(): StaleableDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'stale-index-'));
  const folder = path.join(dir, 'pglite');
  let indexFile = '';
  return {
    open: () => openPglite(folder),
    async keepIndex(database) {
      indexFile = path.join(folder, await fileOf(database, INDEX));
      await database.close();
      copyFileSync(indexFile, path.join(dir, 'index.older'));
    },
    async putIndexBack(database) {
      await database.close();
      copyFileSync(path.join(dir, 'index.older'), indexFile);
      return openPglite(folder);
    },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * PostgreSQL: the server keeps its files to itself, so the index is made stale the way PostgreSQL itself
 * can leave one (an index build that did not finish): marked not ready while the sale is made, so the
 * sale never reaches it, then marked ready and valid again, missing the sold seats.
 */
function postgresServer(): StaleableDatabase {
  let fresh: { url: string; drop(): Promise<void> };
  async function setIndex(ready: boolean) {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    await client.query(`update pg_index set indisready = $1, indisvalid = $1 where indexrelid = '${INDEX}'::regclass`, [ready]);
    await client.end();
  }
  return {
    async open() {
      fresh ??= await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
      return openPostgres(fresh.url, 10);
    },
    keepIndex: async () => setIndex(false),
    async putIndexBack(database) {
      await setIndex(true);
      // New connections, so no session keeps the index's old state cached.
      await database.close();
      return openPostgres(fresh.url, 10);
    },
    cleanUp: async () => fresh?.drop(),
  };
}

const staleable: Partial<Record<Lane['name'], () => StaleableDatabase>> = { pglite: pgliteFolder, postgres: postgresServer };

for (const lane of lanes.filter((l) => staleable[l.name])) {
  describe.skipIf(lane.skipReason !== null)(`a stale seat index on ${lane.name}`, () => {
    const target = staleable[lane.name]!();
    let database: Database;
    let t: TestApp;
    let clock = Date.now();

    async function startApp(seed: boolean) {
      t = await startTestApp(lane, { store: createPostgresStore(database), seed, now: () => new Date(clock) });
    }
    async function buyAndPay(email: string, showId: string, seats: string[]) {
      const held = await t.api('POST', '/api/booking/create', { token: await t.tokenFor(email), body: { showId, selectedSeats: seats } });
      if (held.status !== 200) return { status: held.status, body: held.body, bookingId: undefined };
      expect((await submitCard(t, held.body.url)).status).toBe(303);
      return { status: 200, body: held.body, bookingId: held.body.bookingId as string };
    }
    /** A check once the last report is out of date (it is reused for 5 s). */
    async function freshCheck() {
      clock += 10_000;
      return t.api('GET', '/api/debug/integrity', { token: await t.tokenFor('support@example.com', ['support']) });
    }

    beforeAll(async () => {
      database = await target.open();
      await startApp(true);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await database?.close();
      await target.cleanUp();
    });

    it('the second sale of a paid seat is found, that show stops selling (503 naming the seats), the others sell on', async () => {
      const shows = (await t.store.shows.listWithSeats({ from: new Date(Date.now() + 3 * 3600_000) })).filter((s) => !s.occupiedSeats['A1'] && !s.occupiedSeats['A2']);
      const [show, other] = [shows[0]!.id, shows[1]!.id];
      await t.close();
      await target.keepIndex(database);
      if (lane.name === 'pglite') database = await target.open();
      await startApp(false);

      const first = await buyAndPay('first@example.com', show, ['A1', 'A2']);
      expect(first.status).toBe(200);
      await t.close();
      database = await target.putIndexBack(database);
      await startApp(false);

      // The stale index no longer knows A1 and A2 are taken: the second moviegoer buys them.
      const second = await buyAndPay('second@example.com', show, ['A1', 'A2']);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      // Read with index scans off, as the check reads: both bookings are paid for the same seats.
      const both = (await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        return tx.execute(sql`select id::text as id from bookings where show_id = ${show}::uuid and status = 'paid' and seats && array['A1','A2']`);
      })) as unknown as { rows: { id: string }[] };
      expect(both.rows.map((r) => r.id).sort()).toEqual([first.bookingId, second.bookingId].sort());

      // The product never serves that as truth: support sees the double sale...
      const report = await freshCheck();
      expect(report.status).toBe(200);
      expect(report.body.doubleSold).toEqual([
        expect.objectContaining({ showId: show, seats: ['A1', 'A2'], bookingIds: [first.bookingId, second.bookingId].sort(), message: expect.stringContaining('sales are stopped') }),
      ]);
      // ...that show's sales stop, naming the show and the seats...
      const third = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('third@example.com'), body: { showId: show, selectedSeats: ['B5'] } });
      expect(third.status).toBe(503);
      expect(third.body.message).toBe(`Sales of show ${show} are stopped: seats A1, A2 were sold twice and support is settling them.`);
      // ...and every other show keeps selling; the instance stays ready.
      expect((await t.api('POST', '/api/booking/create', { token: await t.tokenFor('fourth@example.com'), body: { showId: other, selectedSeats: ['B5'] } })).status).toBe(200);
      expect((await t.api('GET', '/api/health')).status).toBe(200);
    }, 300_000);
  });
}
