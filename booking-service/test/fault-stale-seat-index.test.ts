import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { bookableHallShows } from './support/bookable.ts';
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
 * service was stopped let a paid seat be sold again: the index no longer knew the seat was taken.
 *
 * - PGlite, the index file put back while stopped: start-up checks the seat and money indexes against
 *   their tables (amcheck) and rebuilds the stale one before taking traffic, naming it in the log; the
 *   second moviegoer is refused the paid seats as any taken seat (409).
 * - PostgreSQL, the index not ready while the sale is made (it goes stale while the service runs): the
 *   periodic check finds the seats in two live bookings with index scans off, that show's sales stop (the
 *   others keep selling) and support sees it; at the next start the index cannot be rebuilt (the seat table
 *   holds the seats twice), which start-up reports as the double sale it is, and the show stays stopped.
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

/** A lane's app on a database whose seat index a test makes stale, restarted as the service would be. */
function staleIndexHarness(lane: Lane) {
  const target = staleable[lane.name]!();
  const harness = {
    target,
    database: undefined as unknown as Database,
    t: undefined as unknown as TestApp,
    clock: Date.now(),
    /** What start-up's index check logged, when it ran. */
    warnings: [] as string[],
    async startApp(options: { seed: boolean; checkIndexes: boolean }) {
      const checkIndexes = options.checkIndexes ? (warning: string) => harness.warnings.push(warning) : undefined;
      harness.t = await startTestApp(lane, { store: createPostgresStore(harness.database), seed: options.seed, now: () => new Date(harness.clock), checkIndexes });
    },
    async buyAndPay(email: string, showId: string, seats: string[]) {
      const { t } = harness;
      const held = await t.api('POST', '/api/booking/create', { token: await t.tokenFor(email), body: { showId, selectedSeats: seats } });
      if (held.status !== 200) return { status: held.status, body: held.body, bookingId: undefined };
      expect((await submitCard(t, held.body.url)).status).toBe(303);
      return { status: 200, body: held.body, bookingId: held.body.bookingId as string };
    },
    /** A check once the last report is out of date (it is reused for 5 s). */
    async freshCheck() {
      harness.clock += 10_000;
      return harness.t.api('GET', '/api/debug/integrity', { token: await harness.t.tokenFor('support@example.com', ['support']) });
    },
    /** Two shows with A1 and A2 free; then the seat index as it is now is kept, and the app started again. */
    async twoShowsWithIndexKept() {
      const shows = (await harness.t.store.shows.listWithSeats({ from: new Date(Date.now() + 3 * 3600_000) })).filter((s) => !s.occupiedSeats['A1'] && !s.occupiedSeats['A2']);
      await harness.t.close();
      await target.keepIndex(harness.database);
      if (lane.name === 'pglite') harness.database = await target.open();
      await harness.startApp({ seed: false, checkIndexes: false });
      return [shows[0]!.id, shows[1]!.id] as const;
    },
  };
  return harness;
}

/** The paid bookings of a show holding A1 or A2, read with index scans off, as the double-sale check reads. */
async function paidForA1A2(database: Database, show: string): Promise<string[]> {
  const found = (await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    return tx.execute(sql`select id::text as id from bookings where show_id = ${show}::uuid and status = 'paid' and seats && array['A1','A2']`);
  })) as unknown as { rows: { id: string }[] };
  return found.rows.map((r) => r.id).sort();
}

const pglite = lanes.find((l) => l.name === 'pglite')!;
describe.skipIf(pglite.skipReason !== null)('a stale seat index put back while stopped (PGlite)', () => {
  const h = staleIndexHarness(pglite);
  beforeAll(async () => {
    h.database = await h.target.open();
    await h.startApp({ seed: true, checkIndexes: false });
  }, 120_000);
  afterAll(async () => {
    await h.t?.close();
    await h.database?.close();
    await h.target.cleanUp();
  });

  it('is rebuilt from its table at start, naming it in the log: the second moviegoer is refused the paid seats (409)', async () => {
    const [show] = await h.twoShowsWithIndexKept();
    const first = await h.buyAndPay('first@example.com', show, ['A1', 'A2']);
    expect(first.status).toBe(200);
    await h.t.close();
    h.database = await h.target.putIndexBack(h.database);
    await h.startApp({ seed: false, checkIndexes: true });

    expect(h.warnings).toEqual([expect.stringMatching(new RegExp(`^Rebuilt the index ${INDEX} from the seat_reservations table: it did not match its table \\(.+\\)\\.$`))]);
    const second = await h.buyAndPay('second@example.com', show, ['A1', 'A2']);
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(await paidForA1A2(h.database, show)).toEqual([first.bookingId]);
    // Nothing for support to settle; the seat map shows the seats taken.
    const report = await h.freshCheck();
    expect(report.body).toMatchObject({ healthy: true, problems: [], doubleSold: [] });
    expect((await h.t.api('GET', `/api/booking/seats/${show}`)).body.occupiedSeats).toEqual(expect.arrayContaining(['A1', 'A2']));
  }, 300_000);
});

const postgres = lanes.find((l) => l.name === 'postgres')!;
describe.skipIf(!postgres || postgres.skipReason !== null)('a seat index that goes stale while the service runs (PostgreSQL)', () => {
  const h = staleIndexHarness(postgres);
  beforeAll(async () => {
    h.database = await h.target.open();
    await h.startApp({ seed: true, checkIndexes: false });
  }, 120_000);
  afterAll(async () => {
    await h.t?.close();
    await h.database?.close();
    await h.target.cleanUp();
  });

  it('the second sale of a paid seat is found, that show stops selling (503 naming the seats), the others sell on', async () => {
    const [show, other] = await h.twoShowsWithIndexKept();
    const first = await h.buyAndPay('first@example.com', show, ['A1', 'A2']);
    expect(first.status).toBe(200);
    // Marked ready again; the app is restarted only for new connections (no session keeps the index's old
    // state cached), without start-up's index check: the index went stale while the service ran.
    await h.t.close();
    h.database = await h.target.putIndexBack(h.database);
    await h.startApp({ seed: false, checkIndexes: false });

    // The stale index no longer knows A1 and A2 are taken: the second moviegoer buys them.
    const second = await h.buyAndPay('second@example.com', show, ['A1', 'A2']);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await paidForA1A2(h.database, show)).toEqual([first.bookingId, second.bookingId].sort());

    // The product never serves that as truth: support sees the double sale...
    const report = await h.freshCheck();
    expect(report.status).toBe(200);
    expect(report.body.doubleSold).toEqual([
      expect.objectContaining({ showId: show, seats: ['A1', 'A2'], bookingIds: [first.bookingId, second.bookingId].sort(), message: expect.stringContaining('sales are stopped') }),
    ]);
    // ...that show's sales stop, naming the show and the seats...
    const stopped = `Sales of show ${show} are stopped: seats A1, A2 were sold twice and support is settling them.`;
    const third = await h.t.api('POST', '/api/booking/create', { token: await h.t.tokenFor('third@example.com'), body: { showId: show, selectedSeats: ['B5'] } });
    expect(third.status).toBe(503);
    expect(third.body.message).toBe(stopped);
    // ...and every other show keeps selling; the instance stays ready.
    expect((await h.t.api('POST', '/api/booking/create', { token: await h.t.tokenFor('fourth@example.com'), body: { showId: other, selectedSeats: ['B5'] } })).status).toBe(200);
    expect((await h.t.api('GET', '/api/health')).status).toBe(200);

    // The next start finds the index stale and cannot rebuild it: the seat table holds A1 and A2 twice.
    await h.t.close();
    await h.startApp({ seed: false, checkIndexes: true });
    expect(h.warnings).toEqual([expect.stringMatching(new RegExp(`^The index ${INDEX} does not match the seat_reservations table and cannot be rebuilt: the table holds a seat twice \\(.+\\), a double sale\\.`))]);
    await h.freshCheck();
    const fifth = await h.t.api('POST', '/api/booking/create', { token: await h.t.tokenFor('fifth@example.com'), body: { showId: show, selectedSeats: ['C5'] } });
    expect([fifth.status, fifth.body.message]).toEqual([503, stopped]);
  }, 300_000);
});

describe.skipIf(!postgres || postgres.skipReason !== null)('a PostgreSQL user without the right to create amcheck', () => {
  const role = `no_amcheck_${process.pid}`;
  let fresh: { url: string; drop(): Promise<void> };
  async function asAdmin(statement: string) {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL! });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  }
  afterAll(async () => {
    await fresh?.drop();
    await asAdmin(`drop role if exists ${role}`);
  });

  it('starts and sells, saying once that the index check is unavailable (the double-sale check stands guard)', async () => {
    fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    const url = new URL(fresh.url);
    await asAdmin(`create role ${role} login`);
    await asAdmin(`alter database ${url.pathname.slice(1)} owner to ${role}`);
    url.username = role;
    const database = await openPostgres(url.toString(), 4);
    const warnings: string[] = [];
    const t = await startTestApp(postgres, { store: createPostgresStore(database), seed: true, checkIndexes: (warning) => warnings.push(warning) });
    try {
      expect(warnings).toEqual([
        'The index check is unavailable (permission denied to create extension "amcheck"): stale indexes are not looked for at start; the double-sale check still runs.',
      ]);
      const [show] = (await bookableHallShows(t.store, new Date(Date.now() + 3 * 3600_000))).filter((s) => ['J7', 'J8', 'J9'].some((seat) => !s.occupiedSeats[seat]));
      const free = ['J7', 'J8', 'J9'].find((seat) => !show!.occupiedSeats[seat])!;
      const held = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('first@example.com'), body: { showId: show!.id, selectedSeats: [free] } });
      expect(held.status).toBe(200);
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);
});
