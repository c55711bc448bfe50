import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Connection, Model } from 'mongoose';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newTicketCode } from '../src/bookings/ticket-code.ts';
import { bookingTransitions } from '../src/bookings/guarded-transitions.ts';
import { localDate, zonedInstant } from '../src/contract/theatre-time.ts';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { createModels } from '../src/db/mongo/models.ts';
import { createWaitingRoomModels } from '../src/db/mongo/waiting-room/documents.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 55 (3): every unique or exclusion index a guarantee rests on is checked at start (and periodically), read
 * from the catalogue rather than a list kept by hand. An older copy of the door's one-admission index
 * (check_ins_one_admission_key) put back while stopped let an admitted ticket in again: start-up's check covered
 * the seat and money tables only.
 */

const timeZone = 'America/New_York';
const day = localDate(new Date(Date.now() + 2 * 24 * 3600_000), timeZone);
const CLOCK = zonedInstant(day, '19:55', timeZone);
const ADMISSION_INDEX = 'check_ins_one_admission_key';

/** A paid booking of a new show at 20:00 on the test's day (the door admits it at CLOCK). */
async function paidBooking(store: Store) {
  const [movieId] = await store.movies.ids();
  const startsAt = zonedInstant(day, '20:00', timeZone);
  await store.shows.addMany(movieId!, [{ startsAt, priceCents: 1250 }]);
  const show = (await store.shows.upcomingForMovie(movieId!, new Date(startsAt.getTime() - 1))).find((s) => s.startsAt.getTime() === startsAt.getTime())!;
  const owner = { id: 'test|door.guest@example.com', name: 'Door Guest', email: 'door.guest@example.com' };
  await store.users.upsert(owner);
  const id = randomUUID();
  const ticketCode = newTicketCode();
  const created = await store.bookings.create({
    id, userId: owner.id, showId: show.id, seats: ['E5'], amountCents: 1250,
    holdExpiresAt: new Date(CLOCK.getTime() + 600_000), paymentLink: null, createdAt: new Date(CLOCK.getTime() - 3 * 24 * 3600_000), ticketCode,
  });
  if (!created.ok) throw new Error('fixture booking refused');
  await bookingTransitions(store.bookings).markSamplePaid(id, new Date(CLOCK.getTime() - 2 * 24 * 3600_000));
  return { id, ticketCode };
}

const pglite = lanes.find((l) => l.name === 'pglite')!;
describe.skipIf(pglite.skipReason !== null)('an older copy of the one-admission index put back while stopped (PGlite)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stale-admission-'));
  const folder = path.join(dir, 'pglite');
  let database: Database;
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async (options: { seed: boolean; checkIndexes?: (warning: string) => void }) => {
    database = await openPglite(folder);
    t = await startTestApp(pglite, { store: createPostgresStore(database), seed: options.seed, now: () => CLOCK, env: { THEATRE_TIMEZONE: timeZone }, checkIndexes: options.checkIndexes });
  };
  const scan = async (code: string) => t.api('POST', '/api/admin/check-in', { token: await t.tokenFor('door@example.com', ['door']), body: { code, door: 'Door 1' } });
  const stopAll = async () => {
    await t.close();
    await database.close();
  };

  it('is rebuilt from its table at start, naming it: the admitted ticket scanned again is refused', async () => {
    await start({ seed: true });
    const booking = await paidBooking(t.store);
    const file = ((await database.db.execute(sql`select pg_relation_filepath(${ADMISSION_INDEX}::regclass) as file`)) as unknown as { rows: { file: string }[] }).rows[0]!.file;
    await stopAll();
    copyFileSync(path.join(folder, file), path.join(dir, 'index.older'));

    await start({ seed: false });
    const admitted = await scan(booking.ticketCode);
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
    await stopAll();
    copyFileSync(path.join(dir, 'index.older'), path.join(folder, file));

    const warnings: string[] = [];
    await start({ seed: false, checkIndexes: (warning) => warnings.push(warning) });
    const timing = Date.now();
    const verification = await t.store.integrity.verifyIndexes();
    console.log(`the index check on the seeded PGlite store: ${verification.checked && verification.indexes} indexes in ${Date.now() - timing} ms`);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^Rebuilt the index ${ADMISSION_INDEX} from the check_ins table: it did not match its table \\(.+\\)\\.$`))]);
    const again = await scan(booking.ticketCode);
    expect(again.body.outcome, JSON.stringify(again.body)).toBe('already-admitted');
  }, 300_000);
});

const postgres = lanes.find((l) => l.name === 'postgres');
describe.skipIf(!postgres || postgres.skipReason !== null)('every unique and exclusion index, made stale in turn (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  afterAll(async () => fresh?.drop());

  it('each is found by the check, from the catalogue: a row its stale copy let in twice is named', async () => {
    fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    const database = await openPostgres(fresh.url, 4);
    const t = await startTestApp(postgres!, { store: createPostgresStore(database), seed: true, now: () => CLOCK, env: { THEATRE_TIMEZONE: timeZone } });
    const booking = await paidBooking(t.store);
    expect((await t.api('POST', '/api/admin/check-in', { token: await t.tokenFor('door@example.com', ['door']), body: { code: booking.ticketCode, door: 'Door 1' } })).status).toBe(200);
    await t.close();
    await database.close();

    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    const { rows: guarding } = await admin.query<{ index: string; table: string; predicate: string | null }>(`
      select ic.relname as index, c.relname as table, pg_get_expr(i.indpred, i.indrelid) as predicate
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      where c.relnamespace = 'public'::regnamespace and (i.indisunique or i.indisexclusion) order by 2, 1`);
    expect(guarding.map((g) => g.index)).toContain(ADMISSION_INDEX);
    const tried: string[] = [];
    for (const { index, table, predicate } of guarding) {
      // As a stale copy would: the index not told of a row, which repeats a key it guards (triggers off: a raw copy).
      await admin.query(`update pg_index set indisready = false, indisvalid = false where indrelid = '${table}'::regclass and (indisunique or indisexclusion)`);
      await admin.query('set session_replication_role = replica');
      const copied = await admin.query<{ ctid: string }>(`insert into "${table}" overriding system value select * from "${table}" ${predicate ? `where ${predicate}` : ''} limit 1 returning ctid`);
      await admin.query('set session_replication_role = origin');
      await admin.query(`update pg_index set indisready = true, indisvalid = true where indrelid = '${table}'::regclass and (indisunique or indisexclusion)`);
      if (copied.rowCount === 0) continue; // an empty table: nothing to repeat
      const checking = await openPostgres(fresh.url, 2);
      const verification = await createPostgresStore(checking).integrity.verifyIndexes();
      await checking.close();
      expect(verification.checked).toBe(true);
      const names = verification.checked ? verification.damaged.map((d) => d.index) : [];
      expect(names, `${index} on ${table}`).toContain(index);
      tried.push(index);
      // Put right again for the next: the repeated row removed with the guards off.
      await admin.query('set session_replication_role = replica');
      // By the copy's own ctid: an insert may reuse free space in an earlier page, so it need not be the highest.
      await admin.query(`delete from "${table}" where ctid = $1::tid`, [copied.rows[0]!.ctid]);
      await admin.query('set session_replication_role = origin');
      await admin.query(`reindex table "${table}"`);
    }
    await admin.end();
    console.log(`made stale in turn and found: ${tried.length} of ${guarding.length} unique/exclusion indexes (the others' tables are empty): ${tried.join(', ')}`);
    expect(tried).toContain(ADMISSION_INDEX);
    expect(tried.length).toBeGreaterThan(10);
  }, 600_000);
});

const mongodb = lanes.find((l) => l.name === 'mongodb');
describe.skipIf(!mongodb || mongodb.skipReason !== null)('every unique index the schemas declare, dropped in turn (MongoDB)', () => {
  let connection: Connection;
  afterAll(async () => {
    await connection?.dropDatabase().catch(() => {});
    await connection?.close();
  });

  it('each missing one is named by the check and built again by the rebuild', async () => {
    connection = await connectMongo(inject('mongoLaneServer').uri!, { dbName: `test_${randomUUID().slice(0, 8)}` });
    const store = createMongoStore(connection);
    const first = await store.integrity.verifyIndexes();
    expect(first).toMatchObject({ checked: true, damaged: [] });
    // What the schemas declare unique, each dropped through the driver as a restore without its indexes would leave it.
    const declared = (Object.values({ ...createModels(connection), ...createWaitingRoomModels(connection) }) as unknown as Model<unknown>[]).flatMap((model) =>
      model.schema
        .indexes()
        .filter(([, options]) => options?.unique)
        .map(([keys, options]) => ({ model, name: (options?.name as string | undefined) ?? Object.entries(keys).map(([k, d]) => `${k}_${String(d)}`).join('_') })),
    );
    expect(first.checked && first.indexes).toBe(declared.length);
    for (const { model, name } of declared) {
      await model.collection.dropIndex(name);
      const after = await store.integrity.verifyIndexes();
      expect(after.checked && after.damaged.map((d) => d.index), name).toEqual([name]);
      expect(await store.integrity.rebuildIndex(name)).toEqual({ rebuilt: true });
      expect((await store.integrity.verifyIndexes()).checked).toBe(true);
    }
    console.log(`dropped in turn, found and rebuilt: ${declared.map((d) => d.name).join(', ')}`);
  }, 300_000);
});
